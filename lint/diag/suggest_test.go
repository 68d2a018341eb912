package diag

import "testing"

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"roles", "roles", 0}, {"rolse", "roles", 1}, {"role", "roles", 1}, {"rxles", "roles", 1},
		{"orles", "roles", 1}, {"ca", "abc", 3}, {"abcdef", "roles", 3},
	} {
		if got := editDistance(tc.a, tc.b, 3); got != tc.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestDidYouMean(t *testing.T) {
	allowed := []string{"version", "paths", "rules"}
	for word, want := range map[string]string{
		"verison": ` (did you mean "version"?)`, "Paths": ` (did you mean "paths"?)`, "rules": "", "zzzzzz": "",
	} {
		if got := DidYouMean(word, allowed); got != want {
			t.Errorf("DidYouMean(%q) = %q, want %q", word, got, want)
		}
	}
}

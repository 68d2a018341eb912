package diag

import (
	"strings"
	"testing"
)

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

func TestBestMatchOnlyWhenSingle(t *testing.T) {
	for _, tc := range []struct {
		word    string
		allowed []string
		want    string
	}{
		{"reviewr", []string{"reviewer", "writer"}, "reviewer"},
		{"cat", []string{"bat", "hat"}, ""},           // two names one edit away
		{"plan", []string{"Plan", "PLAN"}, ""},        // two spellings ignoring case
		{"plan", []string{"Plan", "plans"}, "Plan"},   // case-only beats one edit
		{"cat", []string{"bat", "bat", "dog"}, "bat"}, // a repeat is one name
		{"zzzzzz", []string{"version", "paths"}, ""},  // none close
		{"bat", []string{"bat", "cat"}, "bat"},        // exact
	} {
		if got := BestMatch(tc.word, tc.allowed); got != tc.want {
			t.Errorf("BestMatch(%q, %q) = %q, want %q", tc.word, tc.allowed, got, tc.want)
		}
	}
	if got := DidYouMean("cat", []string{"bat", "hat"}); got != "" {
		t.Errorf("DidYouMean with two equally near = %q, want none", got)
	}
}

func TestWithCandidates(t *testing.T) {
	d := Diagnostic{Rule: "X"}.WithCandidates([]string{"b", "", "a", "b", " "})
	if got := strings.Join(d.Candidates, ","); got != "b,a" {
		t.Errorf("Candidates = %q, want b,a", got)
	}
	if d := (Diagnostic{}).WithCandidates(nil); d.Candidates != nil {
		t.Errorf("no names: Candidates = %q, want nil", d.Candidates)
	}
}

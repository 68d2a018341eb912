package plural

import "testing"

func TestCount(t *testing.T) {
	cases := []struct {
		n    int
		noun string
		want string
	}{
		{0, "error", "0 errors"},
		{1, "error", "1 error"},
		{2, "error", "2 errors"},
		{1, "warning", "1 warning"},
		{3, "warning", "3 warnings"},
		{1, "note", "1 note"},
		{11, "note", "11 notes"},
		{1, "adapter run", "1 adapter run"},
		{-1, "task", "-1 task"},
	}
	for _, tc := range cases {
		if got := Count(tc.n, tc.noun); got != tc.want {
			t.Errorf("Count(%d, %q) = %q, want %q", tc.n, tc.noun, got, tc.want)
		}
	}
}

func TestForm(t *testing.T) {
	cases := []struct {
		n    int
		want string
	}{
		{0, "0 files checked"},
		{1, "1 file checked"},
		{2, "2 files checked"},
	}
	for _, tc := range cases {
		if got := Form(tc.n, "file checked", "files checked"); got != tc.want {
			t.Errorf("Form(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
	if got := Form(1, "match", "matches"); got != "1 match" {
		t.Errorf("irregular singular = %q", got)
	}
	if got := Form(2, "match", "matches"); got != "2 matches" {
		t.Errorf("irregular plural = %q", got)
	}
}

package secrets

import "testing"

func TestValuesMask(t *testing.T) {
	tests := []struct {
		name   string
		values []string
		in     string
		from   int
		want   string
	}{
		{"none", nil, "token abcd", 0, "token abcd"},
		{"once", []string{"s3cr3t-value"}, "key=s3cr3t-value;", 0, "key=***;"},
		{"twice", []string{"abcd"}, "abcd abcd", 0, "*** ***"},
		{"overlapping", []string{"abab"}, "ababab", 0, "***"},
		{"two values merge", []string{"hello-wo", "world-42"}, "x hello-world-42 y", 0, "x *** y"},
		{"longest first", []string{"secret", "secret-long"}, "secret-long", 0, "***"},
		{"short is kept", []string{"abc"}, "abc", 0, "abc"},
		{"empty is kept", []string{""}, "abc", 0, "abc"},
		{"multi-line whole and lines", []string{"line-one\nline-two"}, "line-two then line-one\nline-two", 0, "*** then ***"},
		{"tail cuts a value", []string{"0123456789"}, "xx0123456789yy", 5, "***yy"},
		{"tail after a value", []string{"0123456789"}, "0123456789 tail", 11, "tail"},
		{"tail before a value", []string{"0123456789"}, "ab 0123456789", 1, "b ***"},
		{"tail from a value's end", []string{"0123456789"}, "0123456789tail", 10, "tail"},
		{"adjacent values merge", []string{"abcd", "wxyz"}, "abcdwxyz", 0, "***"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := NewValues(tc.values...).MaskFrom(tc.in, tc.from); got != tc.want {
				t.Errorf("MaskFrom(%q, %d) = %q, want %q", tc.in, tc.from, got, tc.want)
			}
		})
	}
}

func TestValuesNil(t *testing.T) {
	var v *Values
	if v.Longest() != 0 || v.Spans("abcd") != nil {
		t.Error("a nil Values masks nothing")
	}
}

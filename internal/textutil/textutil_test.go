package textutil

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestTruncate(t *testing.T) {
	for _, tc := range []struct {
		s    string
		n    int
		want string
	}{
		{"hello", 10, "hello"},
		{"hello", 5, "hello"},
		{"hello", 3, "hel"},
		{"hello", 0, ""},
		{"hello", -1, ""},
		{"", 3, ""},
		{"héllo", 2, "hé"},     // é is two bytes: kept whole
		{"日本語テキスト", 3, "日本語"},  // three bytes each
		{"a😀b", 2, "a😀"},       // four bytes
		{"a\xffb", 2, "a\xff"}, // an invalid byte counts as one
	} {
		if got := Truncate(tc.s, tc.n); got != tc.want {
			t.Errorf("Truncate(%q, %d) = %q, want %q", tc.s, tc.n, got, tc.want)
		}
	}
}

func TestAbbreviate(t *testing.T) {
	if got := Abbreviate("hello", 5); got != "hello" {
		t.Errorf("uncut: %q", got)
	}
	if got := Abbreviate("héllo wörld", 4); got != "héll…" {
		t.Errorf("cut: %q", got)
	}
}

func FuzzTruncate(f *testing.F) {
	f.Add("héllo 日本 😀", 4)
	f.Add("a\xffb\xe2\x82", 2)
	f.Fuzz(func(t *testing.T, s string, n int) {
		got := Truncate(s, n)
		if !strings.HasPrefix(s, got) {
			t.Fatalf("Truncate(%q, %d) = %q, not a prefix", s, n, got)
		}
		if c := utf8.RuneCountInString(got); c > max(n, 0) {
			t.Fatalf("Truncate(%q, %d) = %q: %d code points", s, n, got, c)
		}
		if got != s && utf8.RuneCountInString(got) != max(n, 0) {
			t.Fatalf("Truncate(%q, %d) = %q cut more than needed", s, n, got)
		}
		boundary := len(got) == len(s)
		for i := range s {
			boundary = boundary || i == len(got)
		}
		if !boundary {
			t.Fatalf("Truncate(%q, %d) = %q splits a sequence", s, n, got)
		}
		if utf8.ValidString(s) && !utf8.ValidString(got) {
			t.Fatalf("Truncate(%q, %d) = %q: invalid UTF-8 from valid", s, n, got)
		}
	})
}

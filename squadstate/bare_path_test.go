package squadstate

import (
	"testing"

	"github.com/squadci/squadci/lint/diag"
)

// barePath reads an unquoted deliverable: cut at a " (" remark, trimmed of
// blanks and trailing punctuation, with its span on the path alone.
func TestBarePathSpans(t *testing.T) {
	for _, c := range []struct {
		text       string
		want       string
		start, end int // offsets in a value that starts at 10
	}{
		{"  docs/a.md (remark)", "docs/a.md", 12, 21},
		{"docs/a.md,", "docs/a.md", 10, 19},
		{"reports/x/y.json;.", "reports/x/y.json", 10, 26},
		{"docs/a.b", "docs/a.b", 10, 18},
		{" (note) docs/a.md", "", 0, 0}, // the remark first: nothing before it
		{"docs/readme", "", 0, 0},       // no extension
		{"docs/a.", "", 0, 0},           // an empty one
		{"docs/a.toolong", "", 0, 0},    // longer than 5
		{"docs/*.md", "", 0, 0},         // a pattern
		{"a.md", "", 0, 0},              // no folder
		{"N/A - inline verdict", "", 0, 0},
	} {
		got := barePath(spanText{c.text, diag.Span{Start: 10, End: 10 + len(c.text)}})
		switch {
		case c.want == "" && got != nil:
			t.Errorf("barePath(%q) = %+v, want none", c.text, got)
		case c.want != "" && (len(got) != 1 || got[0].text != c.want || got[0].span != diag.Span{Start: c.start, End: c.end}):
			t.Errorf("barePath(%q) = %+v, want %q at %d..%d", c.text, got, c.want, c.start, c.end)
		}
	}
}

func TestIsExtensionBounds(t *testing.T) {
	for s, want := range map[string]bool{
		"": false, "a": true, "abcde": true, "abcdef": false,
		"z": true, "A": true, "Z": true, "M": true, "0": true, "9": true, "5": true,
		"`": false, "{": false, "@": false, "[": false, "/": false, ":": false, "é": false,
	} {
		if got := isExtension(s); got != want {
			t.Errorf("isExtension(%q) = %v, want %v", s, got, want)
		}
	}
}

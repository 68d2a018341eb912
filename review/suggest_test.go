package review

import (
	"testing"

	"github.com/squadci/squadci/lint/diag"
)

func fixAt(start, end int, edits ...diag.Edit) diag.Diagnostic {
	return diag.Diagnostic{Rule: "XX100", Span: diag.Span{Start: start, End: end}, Fix: &diag.Fix{Edits: edits}}
}

func TestSuggest(t *testing.T) {
	src := "line one\nPreferred: x\nline three\n"
	two := len("line one\n")
	crlf := "a\r\nModel: y\r\nc\r\n"
	for _, tc := range []struct {
		name        string
		src         string
		d           diag.Diagnostic
		first, last int
		text        string
		ok          bool
	}{
		{"one line, edit inside", src, fixAt(two, two+10, diag.Edit{Start: two, End: two + 10, Text: "**Preferred:**"}), 2, 2, "**Preferred:** x", true},
		{"edit on the line after the span", src, fixAt(two, two+3, diag.Edit{Start: two + 13, End: two + 13, Text: "!"}), 2, 3, "Preferred: x\n!line three", true},
		{"delete a whole line", src, fixAt(two, two+13, diag.Edit{Start: two, End: two + 13}), 2, 2, "", true},
		{"insert after the final line break", src, fixAt(0, 4, diag.Edit{Start: len(src), End: len(src), Text: "four\n"}), 1, 3, "line one\nPreferred: x\nline three\nfour", true},
		{"BOM at the start", "\ufeff{}\n", fixAt(0, 3, diag.Edit{Start: 0, End: 3}), 1, 1, "{}", true},
		{"CRLF file", crlf, fixAt(3, 9, diag.Edit{Start: 3, End: 9, Text: "**Model:**"}), 2, 2, "**Model:** y", true},
		{"removes the final line break", "a\nb\n", fixAt(2, 3, diag.Edit{Start: 3, End: 4}), 0, 0, "", false},
		{"adds a final line break", "a\nb", fixAt(2, 3, diag.Edit{Start: 3, End: 3, Text: "\n"}), 0, 0, "", false},
		{"edit out of the file", src, fixAt(0, 1, diag.Edit{Start: 0, End: 99}), 0, 0, "", false},
		{"overlapping edits", src, fixAt(0, 4, diag.Edit{Start: 0, End: 4, Text: "x"}, diag.Edit{Start: 2, End: 5}), 0, 0, "", false},
		{"no fix", src, diag.Diagnostic{Span: diag.Span{Start: 0, End: 1}}, 0, 0, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, ok := Suggest([]byte(tc.src), tc.d)
			if ok != tc.ok || (ok && (s.First != tc.first || s.Last != tc.last || s.Text != tc.text)) {
				t.Errorf("Suggest = %+v, %v; want lines %d-%d %q, %v", s, ok, tc.first, tc.last, tc.text, tc.ok)
			}
		})
	}
}

func TestFenceFor(t *testing.T) {
	for text, want := range map[string]string{"plain": "```", "a ``` b": "````", "````": "`````"} {
		if got := fenceFor(text); got != want {
			t.Errorf("fenceFor(%q) = %q, want %q", text, got, want)
		}
	}
}

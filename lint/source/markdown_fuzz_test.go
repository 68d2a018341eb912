package source

import (
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/diag"
)

// FuzzMarkdownTables holds the reader to its invariants on any bytes: every
// span lies in the file and inside its own line, cells are in order, a
// cell's text is its raw span with "\|" unescaped, and blocks never overlap.
func FuzzMarkdownTables(f *testing.F) {
	for _, s := range []string{
		"| Role | Member Name |\n|---|---|\n| lead | Beta |\n",
		"| a \\| b | `c|d` |\n|:-:|--:|\n| 1 |\n| 1 | 2 | 3 |\n",
		"---\ndescription: \"x\"\n---\n# H\n\n| A |\n|---|\n",
		"```json\n| a |\n|---|\n```\n<!-- | b |\n|---| -->\n",
		"| 名前 |\r\n|---|\r\n|\tα\\|\r\n", "|", "|\n|-", "\\|\n|-|\n", "---\n---\n", "<!--", "~~~\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		m := ParseMarkdown(src)
		inFile := func(what string, s diag.Span) {
			if s.Start < 0 || s.End > len(src) || s.Start > s.End {
				t.Fatalf("%s span %+v outside [0,%d]", what, s, len(src))
			}
		}
		for i, l := range m.Lines {
			inFile("line", l.Span)
			if i > 0 && l.Span.Start <= m.Lines[i-1].Span.End {
				t.Fatalf("line %d overlaps the previous one", i)
			}
		}
		for _, tb := range m.Tables {
			inFile("table", tb.Span)
			for _, r := range append([]*Row{tb.Header, tb.Delim}, tb.Rows...) {
				checkFuzzRow(t, m, r)
			}
			if len(tb.Align) != len(tb.Delim.Cells) {
				t.Fatalf("%d alignments for %d delimiter cells", len(tb.Align), len(tb.Delim.Cells))
			}
		}
		for _, h := range m.Headings {
			inFile("heading", h.Span)
			inFile("heading text", h.TextSpan)
			if string(src[h.TextSpan.Start:h.TextSpan.End]) != h.Text || h.Level < 1 || h.Level > 6 {
				t.Fatalf("heading %+v", h)
			}
		}
		for _, fc := range m.Fences {
			inFile("fence", fc.Span)
			inFile("fence body", fc.Body)
		}
		for _, c := range m.Comments {
			inFile("comment", c.Span)
		}
		if m.Front != nil {
			inFile("frontmatter", m.Front.Span)
			inFile("frontmatter body", m.Front.Body)
			for _, k := range m.Front.Keys {
				inFile("key", k.KeySpan)
				inFile("value", k.ValueSpan)
			}
		}
	})
}

func checkFuzzRow(t *testing.T, m *Markdown, r *Row) {
	prev := r.Span.Start
	for _, c := range r.Cells {
		if c.Span.Start < prev || c.Span.End > r.Span.End || c.Span.Start > c.Span.End {
			t.Fatalf("cell %+v outside row %+v or out of order", c.Span, r.Span)
		}
		prev = c.Span.End
		if raw := strings.ReplaceAll(string(m.Src[c.Span.Start:c.Span.End]), `\|`, "|"); raw != c.Text {
			t.Fatalf("cell text %q, span holds %q", c.Text, raw)
		}
	}
	if m.LineOf(r.Span.Start) != r.Line {
		t.Fatalf("row at line %d, LineOf says %d", r.Line, m.LineOf(r.Span.Start))
	}
}

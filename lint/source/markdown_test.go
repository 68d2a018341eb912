package source

import (
	"reflect"
	"strings"
	"testing"
)

// cellTexts renders each row's cells as "a|b|c" for compact comparisons.
func cellTexts(t *Table) []string {
	var out []string
	for _, r := range append([]*Row{t.Header}, t.Rows...) {
		var cs []string
		for _, c := range r.Cells {
			cs = append(cs, c.Text)
		}
		out = append(out, strings.Join(cs, "¦"))
	}
	return out
}

func TestMarkdownTables(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		want  [][]string // per table: header then rows
		align [][]Align
	}{
		{"plain", "| A | B |\n|---|---|\n| 1 | 2 |\n", [][]string{{"A¦B", "1¦2"}}, [][]Align{{AlignNone, AlignNone}}},
		{"no outer pipes", "A | B\n--|:-:\n1 | 2\n", [][]string{{"A¦B", "1¦2"}}, [][]Align{{AlignNone, AlignCenter}}},
		{"alignment", "|a|b|c|\n|:--|--:|:-:|\n", [][]string{{"a¦b¦c"}}, [][]Align{{AlignLeft, AlignRight, AlignCenter}}},
		{"escaped pipe", "| a | b |\n|---|---|\n| x \\| y | `p\\|q` |\n", [][]string{{"a¦b", "x | y¦`p|q`"}}, nil},
		{"backticks do not protect", "| a | b |\n|---|---|\n| `x|y` | z |\n", [][]string{{"a¦b", "`x¦y`¦z"}}, nil},
		{"empty cells", "| a | b | c |\n|---|---|---|\n|  | x |  |\n", [][]string{{"a¦b¦c", "¦x¦"}}, nil},
		{"ragged", "| a | b |\n|---|---|\n| 1 |\n| 1 | 2 | 3 |\n", [][]string{{"a¦b", "1", "1¦2¦3"}}, nil},
		{"crlf and tabs", "| a\t| b |\r\n|---|---|\r\n|\tx | y |\r\n", [][]string{{"a¦b", "x¦y"}}, nil},
		{"cjk", "| 名前 | 役割 |\n|---|---|\n| 花子 | 開発 |\n", [][]string{{"名前¦役割", "花子¦開発"}}, nil},
		{"ends at blank", "| a |\n|---|\n| 1 |\n\n| 2 |\n", [][]string{{"a", "1"}}, nil},
		{"ends at heading", "| a |\n|---|\n| 1 |\n## Next | x\n", [][]string{{"a", "1"}}, nil},
		{"no delimiter", "| a | b |\n| 1 | 2 |\n", nil, nil},
		{"thematic break is no delimiter", "a | b\n---\n", nil, nil},
		{"inside fence", "```\n| a |\n|---|\n```\n", nil, nil},
		{"inside comment", "<!--\n| a |\n|---|\n-->\n", nil, nil},
		{"two tables", "| a |\n|---|\n\n| b |\n|---|\n| 2 |\n", [][]string{{"a"}, {"b", "2"}}, nil},
		{"trailing backslash", "| a | b |\n|---|---|\n| x | y \\\n", [][]string{{"a¦b", "x¦y \\"}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := ParseMarkdown([]byte(tt.src))
			var got [][]string
			for _, tb := range m.Tables {
				got = append(got, cellTexts(tb))
				checkCellSpans(t, m, tb)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("tables = %q, want %q", got, tt.want)
			}
			for i, a := range tt.align {
				if !reflect.DeepEqual(m.Tables[i].Align, a) {
					t.Errorf("table %d align = %v, want %v", i, m.Tables[i].Align, a)
				}
			}
		})
	}
}

// checkCellSpans: every cell's span holds its raw text.
func checkCellSpans(t *testing.T, m *Markdown, tb *Table) {
	t.Helper()
	for _, r := range append([]*Row{tb.Header, tb.Delim}, tb.Rows...) {
		for _, c := range r.Cells {
			raw := strings.ReplaceAll(string(m.Src[c.Span.Start:c.Span.End]), `\|`, "|")
			if raw != c.Text {
				t.Errorf("cell span %v holds %q, text is %q", c.Span, raw, c.Text)
			}
		}
	}
}

func TestMarkdownCellPositions(t *testing.T) {
	src := "---\ndescription: x\n---\n\n| 名前 | Rôle |\n|---|---|\n|\tα | `b\\|c` |\r\n"
	m := ParseMarkdown([]byte(src))
	if len(m.Tables) != 1 {
		t.Fatalf("%d tables", len(m.Tables))
	}
	row := m.Tables[0].Rows[0]
	tests := []struct {
		cell      int
		line, col int
	}{{0, 7, 3}, {1, 7, 7}}
	for _, tt := range tests {
		p := m.Position(row.Cells[tt.cell].Span.Start)
		if p.Line != tt.line || p.Column != tt.col {
			t.Errorf("cell %d at %d:%d, want %d:%d", tt.cell, p.Line, p.Column, tt.line, tt.col)
		}
	}
	h := m.Tables[0].Header.Cells[1]
	if p := m.Position(h.Span.Start); p.Line != 5 || p.Column != 8 {
		t.Errorf("header cell 2 at %d:%d, want 5:8", p.Line, p.Column)
	}
}

func TestMarkdownBlocks(t *testing.T) {
	src := "\ufeff---\r\ndescription: \"Squad roster\"\r\nname: 'it''s'\r\n  nested: no\r\n---\r\n" +
		"# Title #\r\n\r\n<!-- version: 1.2.3 -->\r\n## Members\r\n```json\r\n# not a heading\r\n```\r\n" +
		"<!-- a\r\n## hidden\r\n-->\r\n#not-heading\r\n    ## indented code\r\n### Tail ###\r\n~~~\r\nunclosed\r\n"
	m := ParseMarkdown([]byte(src))
	if m.Front == nil || !m.Front.Closed {
		t.Fatalf("frontmatter not found: %+v", m.Front)
	}
	if d := m.Front.Get("description"); d == nil || d.Value != "Squad roster" || string(m.Src[d.ValueSpan.Start:d.ValueSpan.End]) != `"Squad roster"` {
		t.Errorf("description = %+v", d)
	}
	if n := m.Front.Get("name"); n == nil || n.Value != "it's" {
		t.Errorf("name = %+v", n)
	}
	if m.Front.Get("nested") != nil {
		t.Error("an indented line became a top-level key")
	}
	var hs []string
	for _, h := range m.Headings {
		hs = append(hs, strings.Repeat("#", h.Level)+" "+h.Text)
		if string(m.Src[h.TextSpan.Start:h.TextSpan.End]) != h.Text {
			t.Errorf("heading text span %v holds %q", h.TextSpan, m.Src[h.TextSpan.Start:h.TextSpan.End])
		}
	}
	if want := []string{"# Title", "## Members", "### Tail"}; !reflect.DeepEqual(hs, want) {
		t.Errorf("headings = %q, want %q", hs, want)
	}
	if len(m.Comments) != 2 || m.Comments[0].Text != "version: 1.2.3" || !m.Comments[1].Closed {
		t.Errorf("comments = %+v", m.Comments)
	}
	if len(m.Fences) != 2 || m.Fences[0].Info != "json" || !m.Fences[0].Closed || m.Fences[1].Closed {
		t.Errorf("fences = %+v", m.Fences)
	}
	if body := string(m.Src[m.Fences[0].Body.Start:m.Fences[0].Body.End]); body != "# not a heading\r\n" {
		t.Errorf("fence body = %q", body)
	}
	if m.Lines[0].Span.Start != 3 {
		t.Errorf("the BOM is part of line 1: %v", m.Lines[0].Span)
	}
	h := m.FindHeading(2, "Members")
	if end := m.SectionEnd(h); end != len(src) {
		t.Errorf("Members section ends at %d, want the end of the file (%d)", end, len(src))
	}
	if end := m.SectionEnd(m.Headings[2]); end != len(src) {
		t.Errorf("Tail section ends at %d", end)
	}
}

func TestMarkdownUnclosedFrontmatter(t *testing.T) {
	m := ParseMarkdown([]byte("---\ndescription: x\n# Title\n"))
	if m.Front == nil || m.Front.Closed || len(m.Headings) != 0 {
		t.Errorf("front = %+v, headings = %d", m.Front, len(m.Headings))
	}
}

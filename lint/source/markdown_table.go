package source

import (
	"bytes"
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

// table recognises a pipe table at the current line: a row holding an
// unescaped pipe followed by a delimiter row. It consumes the table.
func (p *mdParser) table() bool {
	line := p.text(p.i)
	if _, ok := indent(line); !ok || !hasPipe(line) || p.i+1 >= len(p.m.Lines) {
		return false
	}
	delim := p.row(p.i + 1)
	if !hasPipe(p.text(p.i+1)) || !isDelimiterRow(delim) {
		return false
	}
	t := &Table{Header: p.row(p.i), Delim: delim}
	for _, c := range delim.Cells {
		t.Align = append(t.Align, alignOf(c.Text))
	}
	p.m.Lines[p.i].Kind, p.m.Lines[p.i+1].Kind = LineTable, LineTable
	t.Span = diag.Span{Start: t.Header.Span.Start, End: delim.Span.End}
	p.i += 2
	for p.i < len(p.m.Lines) {
		line := p.text(p.i)
		if isBlank(line) || !hasPipe(line) || p.startsBlock(line) {
			break
		}
		r := p.row(p.i)
		t.Rows = append(t.Rows, r)
		t.Span.End = r.Span.End
		p.m.Lines[p.i].Kind = LineTable
		p.i++
	}
	p.m.Tables = append(p.m.Tables, t)
	return true
}

// startsBlock reports whether a line would open a fence, heading or comment
// and so end a table.
func (p *mdParser) startsBlock(line []byte) bool {
	n, ok := indent(line)
	if !ok {
		return false
	}
	rest := line[n:]
	if bytes.HasPrefix(rest, []byte("```")) || bytes.HasPrefix(rest, []byte("~~~")) || bytes.HasPrefix(rest, []byte("<!--")) {
		return true
	}
	level := 0
	for level < len(rest) && rest[level] == '#' {
		level++
	}
	return level >= 1 && level <= 6 && (level == len(rest) || rest[level] == ' ' || rest[level] == '\t')
}

// hasPipe reports whether line holds a pipe that is not backslash-escaped.
func hasPipe(line []byte) bool {
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '\\':
			i++
		case '|':
			return true
		}
	}
	return false
}

func isDelimiterRow(r *Row) bool {
	if len(r.Cells) == 0 {
		return false
	}
	for _, c := range r.Cells {
		t := strings.TrimSuffix(strings.TrimPrefix(c.Text, ":"), ":")
		if t == "" || strings.Trim(t, "-") != "" {
			return false
		}
	}
	return true
}

func alignOf(s string) Align {
	left, right := strings.HasPrefix(s, ":"), strings.HasSuffix(s, ":") && len(s) > 1
	switch {
	case left && right:
		return AlignCenter
	case left:
		return AlignLeft
	case right:
		return AlignRight
	}
	return AlignNone
}

// row splits line i into cells at unescaped pipes. A leading and a trailing
// pipe delimit the row and do not make empty cells.
func (p *mdParser) row(i int) *Row {
	s := p.m.Lines[i].Span
	return &Row{Span: s, Cells: SplitRow(p.m.Src, s), Line: i}
}

// SplitRow splits the table row src[span] into cells. GFM rules: a backslash
// escapes the pipe after it, even inside a code span; backticks do not
// protect a pipe.
func SplitRow(src []byte, span diag.Span) []Cell {
	line := src[span.Start:span.End]
	start, end := 0, len(line)
	for start < end && (line[start] == ' ' || line[start] == '\t') {
		start++
	}
	for end > start && (line[end-1] == ' ' || line[end-1] == '\t') {
		end--
	}
	if start < end && line[start] == '|' {
		start++
	}
	if end > start && line[end-1] == '|' && !escapedAt(line, end-1) {
		end--
	}
	cells := make([]Cell, 0, 8)
	from := start
	for i := start; i <= end; i++ {
		if i+1 < end && line[i] == '\\' {
			i++
			continue
		}
		if i < end && line[i] != '|' {
			continue
		}
		cells = append(cells, makeCell(line, span.Start, from, min(i, end)))
		from = i + 1
	}
	return cells
}

// escapedAt reports whether line[i] is preceded by an odd number of backslashes.
func escapedAt(line []byte, i int) bool {
	n := 0
	for j := i - 1; j >= 0 && line[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}

func makeCell(line []byte, base, from, to int) Cell {
	for from < to && (line[from] == ' ' || line[from] == '\t') {
		from++
	}
	for to > from && (line[to-1] == ' ' || line[to-1] == '\t') {
		to--
	}
	raw := line[from:to]
	text := string(raw)
	if bytes.Contains(raw, []byte(`\|`)) {
		text = strings.ReplaceAll(text, `\|`, "|")
	}
	return Cell{Text: text, Span: diag.Span{Start: base + from, End: base + to}}
}

// Column returns the index of the header cell whose text equals name
// (compared case-insensitively), or -1.
func (t *Table) Column(name string) int {
	for i, c := range t.Header.Cells {
		if strings.EqualFold(c.Text, name) {
			return i
		}
	}
	return -1
}

// HeaderTexts returns the header cells' texts.
func (t *Table) HeaderTexts() []string {
	out := make([]string, len(t.Header.Cells))
	for i, c := range t.Header.Cells {
		out[i] = c.Text
	}
	return out
}

// Cell returns cell i of the row, or a zero-width cell at the row's end when
// the row is too short.
func (r *Row) Cell(i int) Cell {
	if i >= 0 && i < len(r.Cells) {
		return r.Cells[i]
	}
	return Cell{Span: diag.Span{Start: r.Span.End, End: r.Span.End}}
}

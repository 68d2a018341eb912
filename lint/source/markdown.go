package source

import (
	"bytes"
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

// Markdown is the block structure of a Markdown state file, as far as squad
// state needs it: YAML frontmatter, ATX headings, pipe tables, fenced code
// blocks and HTML comments. Everything keeps exact byte spans into Src, so a
// check can point at one table cell. Lines that are none of these are Text
// (or Blank). Nothing inside a fence or a comment is a heading or a table.
type Markdown struct {
	Src      []byte
	Front    *Frontmatter // nil when the file does not open with "---"
	Lines    []MarkdownLine
	Headings []*Heading
	Tables   []*Table
	Fences   []*Fence
	Comments []*Comment
	index    *Lines
}

// LineKind says what a line of a Markdown file belongs to.
type LineKind uint8

const (
	LineText LineKind = iota
	LineBlank
	LineFront   // frontmatter, its "---" lines included
	LineHeading // an ATX heading
	LineTable   // a table's header, delimiter or body row
	LineFence   // a fence's opening or closing line, or its body
	LineComment // part of an HTML comment block
)

// MarkdownLine is one line: Span excludes the line ending ("\n" or "\r\n").
type MarkdownLine struct {
	Span diag.Span
	Kind LineKind
}

// Frontmatter is a leading "---" … "---" block. Keys lists its top-level
// "key: value" lines; nested YAML is not interpreted.
type Frontmatter struct {
	Span   diag.Span // from the opening "---" to the end of the closing line
	Body   diag.Span // between the delimiter lines
	Closed bool      // false: no closing delimiter; the block runs to the end of the file
	Keys   []FrontKey
}

// FrontKey is one top-level frontmatter line. Value has surrounding quotes
// removed (no escape processing beyond \" inside double quotes).
type FrontKey struct {
	Key       string
	KeySpan   diag.Span
	Value     string
	ValueSpan diag.Span // the raw value, quotes included; empty when there is none
}

// Get returns the first key named k, or nil.
func (f *Frontmatter) Get(k string) *FrontKey {
	if f == nil {
		return nil
	}
	for i := range f.Keys {
		if f.Keys[i].Key == k {
			return &f.Keys[i]
		}
	}
	return nil
}

// Heading is an ATX heading ("## Members").
type Heading struct {
	Level    int
	Text     string    // trimmed, closing #s removed
	Span     diag.Span // the whole line
	TextSpan diag.Span
	Line     int // 0-based index into Markdown.Lines
}

// Fence is a fenced code block.
type Fence struct {
	Marker   byte // '`' or '~'
	Info     string
	InfoSpan diag.Span
	Span     diag.Span // opening line to closing line (or end of file)
	Body     diag.Span // the lines between the fences
	Closed   bool
	Line     int
}

// Comment is an HTML comment that starts a line ("<!-- … -->"), possibly
// spanning lines.
type Comment struct {
	Span   diag.Span // "<!--" through "-->" (or the end of the file)
	Text   string    // the content between the markers, trimmed
	Closed bool
	Line   int
}

// Align is a table column's alignment from its delimiter row.
type Align uint8

const (
	AlignNone Align = iota
	AlignLeft
	AlignCenter
	AlignRight
)

// Table is a pipe table: a header row, a delimiter row, then body rows up to
// a blank line or a line that is another block or holds no pipe. Rows keep
// the cells they were written with: a ragged row has more or fewer cells
// than the header.
type Table struct {
	Header *Row
	Delim  *Row
	Align  []Align
	Rows   []*Row
	Span   diag.Span // header line start to the last row's end
}

// Row is one table line.
type Row struct {
	Span  diag.Span
	Cells []Cell
	Line  int
}

// Cell is one table cell. Span covers its content without the surrounding
// spaces (an empty cell has a zero-width span where its content would be).
// Text is that content with "\|" unescaped.
type Cell struct {
	Text string
	Span diag.Span
}

// Position converts a byte offset into a line and code-point column.
func (m *Markdown) Position(off int) Position {
	if m.index == nil {
		m.index = NewLines(m.Src)
	}
	return m.index.Position(off)
}

// LineText returns the text of line i (0-based) without its ending.
func (m *Markdown) LineText(i int) string {
	s := m.Lines[i].Span
	return string(m.Src[s.Start:s.End])
}

// LineOf returns the 0-based index of the line holding byte offset off.
func (m *Markdown) LineOf(off int) int {
	lo, hi := 0, len(m.Lines)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if m.Lines[mid].Span.Start <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// SectionEnd is the byte offset where the section opened by h ends: the
// start of the next heading of the same or a higher level, or the end of
// the file.
func (m *Markdown) SectionEnd(h *Heading) int {
	found := false
	for _, o := range m.Headings {
		if o == h {
			found = true
			continue
		}
		if found && o.Level <= h.Level {
			return o.Span.Start
		}
	}
	return len(m.Src)
}

// TablesIn returns the tables that start inside [start, end).
func (m *Markdown) TablesIn(start, end int) []*Table {
	return startingIn(m.Tables, start, end, func(t *Table) int { return t.Span.Start })
}

// HeadingsIn returns the headings that start inside [start, end).
func (m *Markdown) HeadingsIn(start, end int) []*Heading {
	return startingIn(m.Headings, start, end, func(h *Heading) int { return h.Span.Start })
}

// FencesIn returns the fences that start inside [start, end).
func (m *Markdown) FencesIn(start, end int) []*Fence {
	return startingIn(m.Fences, start, end, func(f *Fence) int { return f.Span.Start })
}

// startingIn keeps the blocks (in source order) that start in [start, end).
func startingIn[T any](xs []T, start, end int, startOf func(T) int) []T {
	var out []T
	for _, x := range xs {
		if s := startOf(x); s >= start && s < end {
			out = append(out, x)
		}
	}
	return out
}

// FindHeading returns the first heading with this level and text (compared
// exactly), or nil.
func (m *Markdown) FindHeading(level int, text string) *Heading {
	for _, h := range m.Headings {
		if h.Level == level && h.Text == text {
			return h
		}
	}
	return nil
}

// ParseMarkdown scans src. It never fails: any byte sequence has a
// structure, and malformed pieces (an unclosed fence, an unclosed
// frontmatter or comment) are marked as such.
func ParseMarkdown(src []byte) *Markdown {
	m := &Markdown{Src: src}
	m.splitLines()
	p := mdParser{m: m}
	p.run()
	return m
}

func (m *Markdown) splitLines() {
	n := bytes.Count(m.Src, []byte{'\n'}) + 1
	m.Lines = make([]MarkdownLine, 0, n)
	start := 0
	if bytes.HasPrefix(m.Src, utf8BOM) {
		start = len(utf8BOM)
	}
	for start <= len(m.Src) {
		i := bytes.IndexByte(m.Src[start:], '\n')
		end, next := len(m.Src), len(m.Src)+1
		if i >= 0 {
			end, next = start+i, start+i+1
		}
		if end > start && m.Src[end-1] == '\r' {
			end--
		}
		m.Lines = append(m.Lines, MarkdownLine{Span: diag.Span{Start: start, End: end}})
		start = next
	}
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

type mdParser struct {
	m *Markdown
	i int // current line
}

func (p *mdParser) text(i int) []byte {
	s := p.m.Lines[i].Span
	return p.m.Src[s.Start:s.End]
}

func (p *mdParser) run() {
	p.frontmatter()
	for p.i < len(p.m.Lines) {
		line := p.text(p.i)
		switch {
		case isBlank(line):
			p.m.Lines[p.i].Kind = LineBlank
			p.i++
		case p.fence(line):
		case p.comment(line):
		case p.heading(line):
		case p.table():
		default:
			p.i++ // LineText
		}
	}
}

func isBlank(b []byte) bool { return len(bytes.TrimLeft(b, " \t")) == 0 }

// indent returns the number of leading spaces (up to 4) and whether the line
// may open a block (at most three spaces of indentation).
func indent(b []byte) (int, bool) {
	n := 0
	for n < len(b) && n < 4 && b[n] == ' ' {
		n++
	}
	return n, n < 4 && (n == len(b) || b[n] != '\t')
}

func (p *mdParser) frontmatter() {
	if len(p.m.Lines) == 0 || string(bytes.TrimRight(p.text(0), " \t")) != "---" {
		return
	}
	f := &Frontmatter{}
	first := p.m.Lines[0].Span
	f.Span.Start, f.Body.Start = first.Start, min(first.End+1, len(p.m.Src))
	if first.End < len(p.m.Src) && p.m.Src[first.End] == '\r' {
		f.Body.Start = min(first.End+2, len(p.m.Src))
	}
	p.m.Lines[0].Kind = LineFront
	end := len(p.m.Lines)
	for i := 1; i < len(p.m.Lines); i++ {
		t := string(bytes.TrimRight(p.text(i), " \t"))
		if t == "---" || t == "..." {
			end, f.Closed = i, true
			break
		}
	}
	for i := 1; i < end; i++ {
		p.m.Lines[i].Kind = LineFront
		p.frontKey(f, p.m.Lines[i].Span)
	}
	if f.Closed {
		p.m.Lines[end].Kind = LineFront
		f.Body.End = p.m.Lines[end].Span.Start
		f.Span.End = p.m.Lines[end].Span.End
		p.i = end + 1
	} else {
		f.Body.End, f.Span.End = len(p.m.Src), len(p.m.Src)
		p.i = len(p.m.Lines)
	}
	f.Body.End = max(f.Body.End, f.Body.Start)
	p.m.Front = f
}

// frontKey records a top-level "key: value" line.
func (p *mdParser) frontKey(f *Frontmatter, s diag.Span) {
	line := p.m.Src[s.Start:s.End]
	if len(line) == 0 || line[0] == ' ' || line[0] == '\t' || line[0] == '#' || line[0] == '-' {
		return
	}
	colon := bytes.IndexByte(line, ':')
	if colon <= 0 || (colon+1 < len(line) && line[colon+1] != ' ' && line[colon+1] != '\t') {
		return
	}
	key := bytes.TrimRight(line[:colon], " \t")
	k := FrontKey{Key: string(key), KeySpan: diag.Span{Start: s.Start, End: s.Start + len(key)}}
	vs := colon + 1
	for vs < len(line) && (line[vs] == ' ' || line[vs] == '\t') {
		vs++
	}
	ve := len(bytes.TrimRight(line, " \t"))
	if ve < vs {
		ve = vs
	}
	k.ValueSpan = diag.Span{Start: s.Start + vs, End: s.Start + ve}
	k.Value = unquoteScalar(string(line[vs:ve]))
	f.Keys = append(f.Keys, k)
}

// unquoteScalar removes one pair of matching YAML quotes.
func unquoteScalar(v string) string {
	if len(v) >= 2 {
		switch {
		case v[0] == '"' && v[len(v)-1] == '"':
			return strings.ReplaceAll(v[1:len(v)-1], `\"`, `"`)
		case v[0] == '\'' && v[len(v)-1] == '\'':
			return strings.ReplaceAll(v[1:len(v)-1], "''", "'")
		}
	}
	return v
}

// fence opens a fenced code block at the current line and consumes it.
func (p *mdParser) fence(line []byte) bool {
	n, ok := indent(line)
	if !ok || n+3 > len(line) {
		return false
	}
	c := line[n]
	if c != '`' && c != '~' {
		return false
	}
	count := 0
	for n+count < len(line) && line[n+count] == c {
		count++
	}
	if count < 3 {
		return false
	}
	rest := line[n+count:]
	if c == '`' && bytes.IndexByte(rest, '`') >= 0 {
		return false
	}
	s := p.m.Lines[p.i].Span
	f := &Fence{Marker: c, Line: p.i}
	is := n + count
	for is < len(line) && (line[is] == ' ' || line[is] == '\t') {
		is++
	}
	ie := len(bytes.TrimRight(line, " \t"))
	if ie < is {
		ie = is
	}
	f.Info, f.InfoSpan = string(line[is:ie]), diag.Span{Start: s.Start + is, End: s.Start + ie}
	f.Span.Start = s.Start
	p.m.Lines[p.i].Kind = LineFence
	p.i++
	f.Body.Start = min(s.End+1, len(p.m.Src))
	if p.i < len(p.m.Lines) {
		f.Body.Start = p.m.Lines[p.i].Span.Start
	}
	for ; p.i < len(p.m.Lines); p.i++ {
		p.m.Lines[p.i].Kind = LineFence
		if closesFence(p.text(p.i), c, count) {
			f.Closed = true
			f.Body.End = p.m.Lines[p.i].Span.Start
			f.Span.End = p.m.Lines[p.i].Span.End
			p.i++
			break
		}
	}
	if !f.Closed {
		f.Body.End, f.Span.End = len(p.m.Src), len(p.m.Src)
	}
	f.Body.End = max(f.Body.End, f.Body.Start)
	f.Body.Start = min(f.Body.Start, f.Body.End)
	p.m.Fences = append(p.m.Fences, f)
	return true
}

// closesFence: at most three spaces, at least count markers of c, then only
// spaces (no info string).
func closesFence(line []byte, c byte, count int) bool {
	n, ok := indent(line)
	if !ok {
		return false
	}
	k := 0
	for n+k < len(line) && line[n+k] == c {
		k++
	}
	return k >= count && isBlank(line[n+k:])
}

// comment consumes an HTML comment that starts the current line.
func (p *mdParser) comment(line []byte) bool {
	n, ok := indent(line)
	if !ok || !bytes.HasPrefix(line[n:], []byte("<!--")) {
		return false
	}
	s := p.m.Lines[p.i].Span
	c := &Comment{Line: p.i, Span: diag.Span{Start: s.Start + n}}
	from := c.Span.Start + 4
	for ; p.i < len(p.m.Lines); p.i++ {
		p.m.Lines[p.i].Kind = LineComment
		ls := p.m.Lines[p.i].Span
		at := max(from, ls.Start)
		if at > ls.End {
			continue
		}
		if j := bytes.Index(p.m.Src[at:ls.End], []byte("-->")); j >= 0 {
			c.Closed = true
			c.Span.End = at + j + 3
			p.i++
			break
		}
	}
	if !c.Closed {
		c.Span.End = len(p.m.Src)
	}
	inner := p.m.Src[c.Span.Start+4 : max(c.Span.Start+4, c.Span.End-3*b2i(c.Closed))]
	c.Text = strings.TrimSpace(string(inner))
	p.m.Comments = append(p.m.Comments, c)
	return true
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// heading records an ATX heading at the current line.
func (p *mdParser) heading(line []byte) bool {
	n, ok := indent(line)
	if !ok {
		return false
	}
	level := 0
	for n+level < len(line) && line[n+level] == '#' {
		level++
	}
	if level == 0 || level > 6 {
		return false
	}
	rest := n + level
	if rest < len(line) && line[rest] != ' ' && line[rest] != '\t' {
		return false
	}
	ts := rest
	for ts < len(line) && (line[ts] == ' ' || line[ts] == '\t') {
		ts++
	}
	te := len(bytes.TrimRight(line, " \t"))
	// An optional closing sequence of #s, preceded by a space, is not text.
	if k := te; k > ts {
		for k > ts && line[k-1] == '#' {
			k--
		}
		if k == ts || line[k-1] == ' ' || line[k-1] == '\t' {
			te = len(bytes.TrimRight(line[:k], " \t"))
		}
	}
	if te < ts {
		te = ts
	}
	s := p.m.Lines[p.i].Span
	p.m.Headings = append(p.m.Headings, &Heading{
		Level: level, Text: string(line[ts:te]), Span: s,
		TextSpan: diag.Span{Start: s.Start + ts, End: s.Start + te}, Line: p.i,
	})
	p.m.Lines[p.i].Kind = LineHeading
	p.i++
	return true
}

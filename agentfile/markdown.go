package agentfile

import "bytes"

// lineKind classifies one body line for the section scanner.
type lineKind uint8

const (
	lineText lineKind = iota
	lineBlank
	lineHeading    // an ATX heading outside fences
	lineFenceOpen  // the opening line of a fence
	lineFenceBody  // a line inside a fence
	lineFenceClose // the closing line of a fence
)

// mdLine is one classified line; level is a heading's level, fence the
// index of the fence a fence line belongs to.
type mdLine struct {
	kind  lineKind
	level int
	fence int
}

// fence is one fenced block: at least three backticks or tildes after zero
// to three spaces; it closes at a line of the same marker, at least as
// many, zero to three spaces, and nothing but blanks after.
type fence struct {
	open, close int // line indexes; close is -1 when the fence never closes
	marker      byte
	count       int
	indent      int
	info        string
}

// markdown is the line structure of the body (the lines after any
// frontmatter): headings and fences are recognised exactly as the contract
// defines them, and nothing inside a fence is a heading.
type markdown struct {
	from   int // index of the first body line in checker.lines
	kinds  []mdLine
	fences []fence
}

// scanMarkdown classifies lines[from:].
func scanMarkdown(src []byte, lines []srcLine, from int) *markdown {
	m := &markdown{from: from, kinds: make([]mdLine, len(lines))}
	open := -1
	for i := from; i < len(lines); i++ {
		text := src[lines[i].start:lines[i].end]
		if open >= 0 {
			f := &m.fences[open]
			if closesFence(text, f) {
				f.close = i
				m.kinds[i] = mdLine{kind: lineFenceClose, fence: open}
				open = -1
			} else {
				m.kinds[i] = mdLine{kind: lineFenceBody, fence: open}
			}
			continue
		}
		if f, ok := opensFence(text); ok {
			f.open, f.close = i, -1
			m.fences = append(m.fences, f)
			open = len(m.fences) - 1
			m.kinds[i] = mdLine{kind: lineFenceOpen, fence: open}
			continue
		}
		switch {
		case isBlankLine(text):
			m.kinds[i] = mdLine{kind: lineBlank}
		default:
			if level := atxLevel(text); level > 0 {
				m.kinds[i] = mdLine{kind: lineHeading, level: level}
			} else {
				m.kinds[i] = mdLine{kind: lineText}
			}
		}
	}
	return m
}

func isBlankLine(b []byte) bool { return len(bytes.TrimLeft(b, " \t")) == 0 }

// leadingSpaces counts spaces (not tabs) at the start of b.
func leadingSpaces(b []byte) int {
	n := 0
	for n < len(b) && b[n] == ' ' {
		n++
	}
	return n
}

// opensFence recognises an opening fence line.
func opensFence(b []byte) (fence, bool) {
	ind := leadingSpaces(b)
	if ind > 3 || ind >= len(b) || (b[ind] != '`' && b[ind] != '~') {
		return fence{}, false
	}
	marker := b[ind]
	n := ind
	for n < len(b) && b[n] == marker {
		n++
	}
	count := n - ind
	if count < 3 {
		return fence{}, false
	}
	info := bytes.TrimSpace(b[n:])
	if marker == '`' && bytes.IndexByte(info, '`') >= 0 {
		return fence{}, false // inline code, not a fence
	}
	return fence{marker: marker, count: count, indent: ind, info: string(info)}, true
}

// closesFence recognises the closing line of f: no info string, at least
// as many markers.
func closesFence(b []byte, f *fence) bool {
	ind := leadingSpaces(b)
	if ind > 3 {
		return false
	}
	n := ind
	for n < len(b) && b[n] == f.marker {
		n++
	}
	return n-ind >= f.count && len(bytes.TrimLeft(b[n:], " \t")) == 0
}

// atxLevel returns the level of an ATX heading line (zero to three spaces,
// one to six '#', then a blank or the end of the line), or 0.
func atxLevel(b []byte) int {
	ind := leadingSpaces(b)
	if ind > 3 {
		return 0
	}
	n := ind
	for n < len(b) && b[n] == '#' {
		n++
	}
	level := n - ind
	if level < 1 || level > 6 {
		return 0
	}
	if n < len(b) && b[n] != ' ' && b[n] != '\t' {
		return 0
	}
	return level
}

// headingText is an ATX heading's text: trimmed, with a closing sequence
// of '#' removed.
func headingText(b []byte) string {
	b = bytes.TrimLeft(b, " ")
	b = bytes.TrimLeft(b, "#")
	b = bytes.Trim(b, " \t")
	if i := len(b); i > 0 && b[i-1] == '#' {
		j := i
		for j > 0 && b[j-1] == '#' {
			j--
		}
		if j == 0 || b[j-1] == ' ' || b[j-1] == '\t' {
			b = bytes.TrimRight(b[:j], " \t")
		}
	}
	return string(b)
}

// section is the span of lines under one H2 heading: heading is its line
// index, [first, end) the lines below it up to the next H1 or H2.
type section struct {
	name       string
	heading    int
	first, end int
	canonical  bool // written exactly "## Name" at the start of the line
}

// sections lists the H2 sections of the body in order; lines before the
// first H2 are not in any.
func (c *checker) sections() []section {
	var out []section
	m := c.md
	for i := m.from; i < len(c.lines); i++ {
		k := m.kinds[i]
		if k.kind != lineHeading || k.level > 2 {
			continue
		}
		if n := len(out); n > 0 && out[n-1].end < 0 {
			out[n-1].end = i
		}
		if k.level == 2 {
			text := c.lineBytes(i)
			out = append(out, section{
				name: headingText(text), heading: i, first: i + 1, end: -1,
				canonical: canonicalH2(text),
			})
		}
	}
	if n := len(out); n > 0 && out[n-1].end < 0 {
		out[n-1].end = len(c.lines)
	}
	return out
}

// canonicalH2 reports an H2 written exactly "## Name": unindented, one
// space, no closing '#'s (trailing blanks are tolerated).
func canonicalH2(text []byte) bool {
	rest, ok := bytes.CutPrefix(text, []byte("## "))
	if !ok || len(rest) == 0 || rest[0] == ' ' || rest[0] == '\t' {
		return false
	}
	return string(bytes.TrimRight(rest, " \t")) == headingText(text)
}

// lineBytes is line i's text without its ending.
func (c *checker) lineBytes(i int) []byte { return c.src[c.lines[i].start:c.lines[i].end] }

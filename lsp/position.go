package lsp

import (
	"sort"
	"unicode/utf8"
)

// lineIndex converts between byte offsets into a file's text (what the
// engine's spans are) and LSP positions: zero-based lines and columns in
// UTF-16 code units, the protocol's default encoding. A line ends at '\n'
// (a '\r' before it is part of the line ending), as in the engine's own
// line numbers. An invalid UTF-8 byte counts as one unit, the one U+FFFD a
// client decodes it to; a code point above U+FFFF counts two.
type lineIndex struct {
	text   []byte
	starts []int
}

func newLineIndex(text []byte) *lineIndex {
	starts := make([]int, 1, 1+len(text)/32)
	for i, b := range text {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	return &lineIndex{text: text, starts: starts}
}

// position converts a byte offset, clamped to the text.
func (x *lineIndex) position(off int) Position {
	off = min(max(off, 0), len(x.text))
	line := sort.Search(len(x.starts), func(i int) bool { return x.starts[i] > off }) - 1
	return Position{Line: line, Character: utf16Len(x.text[x.starts[line]:off])}
}

// span converts a byte range to a range.
func (x *lineIndex) span(start, end int) Range {
	return Range{Start: x.position(start), End: x.position(max(end, start))}
}

// offset converts a position to a byte offset: a line past the end is the
// end of the text, a character past the end of its line is the line's end,
// and a character inside a surrogate pair is the start of its code point.
func (x *lineIndex) offset(p Position) int {
	if p.Line < 0 {
		return 0
	}
	if p.Line >= len(x.starts) {
		return len(x.text)
	}
	i, end := x.starts[p.Line], len(x.text)
	if p.Line+1 < len(x.starts) {
		end = x.starts[p.Line+1] - 1 // the '\n'
		if end > i && x.text[end-1] == '\r' {
			end--
		}
	}
	for units := 0; i < end; {
		r, size := utf8.DecodeRune(x.text[i:end])
		n := 1
		if r >= 0x10000 {
			n = 2
		}
		if units+n > p.Character {
			break
		}
		units += n
		i += size
	}
	return i
}

// utf16Len is the number of UTF-16 code units b decodes to.
func utf16Len(b []byte) int {
	n := 0
	for len(b) > 0 {
		if b[0] < utf8.RuneSelf {
			n++
			b = b[1:]
			continue
		}
		r, size := utf8.DecodeRune(b)
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		b = b[size:]
	}
	return n
}

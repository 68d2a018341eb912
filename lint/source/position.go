// Package source turns bytes into positions: offsets ↔ 1-based line and
// code-point column, a JSON reader that keeps key and value spans, and the
// YAML and Markdown helpers the domains share.
package source

import (
	"sort"
	"unicode/utf8"
)

// Position is a 1-based line and a 1-based column counted in Unicode code
// points (invalid UTF-8 bytes count one each). Byte is the 0-based offset.
type Position struct {
	Line, Column int
	Byte         int
}

// Lines maps byte offsets of one file to positions. A line ends at '\n'; a
// '\r' before it belongs to the line ending, not to the text.
type Lines struct {
	src    []byte
	starts []int // byte offset of the first byte of each line
}

// NewLines indexes src. It keeps a reference to src, it does not copy it.
func NewLines(src []byte) *Lines {
	starts := make([]int, 1, 1+len(src)/32)
	for i, b := range src {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	return &Lines{src: src, starts: starts}
}

// Count is the number of lines (a file without a final newline still has its
// last line; an empty file has one empty line).
func (l *Lines) Count() int { return len(l.starts) }

// Position converts a byte offset, clamped to the file, into a position.
func (l *Lines) Position(off int) Position {
	if off < 0 {
		off = 0
	}
	if off > len(l.src) {
		off = len(l.src)
	}
	i := sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > off }) - 1
	start := l.starts[i]
	return Position{Line: i + 1, Column: 1 + countPoints(l.src[start:off]), Byte: off}
}

// Text returns line n (1-based) without its line ending.
func (l *Lines) Text(n int) string {
	if n < 1 || n > len(l.starts) {
		return ""
	}
	start := l.starts[n-1]
	end := len(l.src)
	if n < len(l.starts) {
		end = l.starts[n] - 1
	}
	if end > start && l.src[end-1] == '\r' {
		end--
	}
	return string(l.src[start:end])
}

// Offset converts a 1-based line and code-point column back into a byte
// offset; columns past the end of the line clamp to its end.
func (l *Lines) Offset(line, col int) int {
	if line < 1 {
		return 0
	}
	if line > len(l.starts) {
		return len(l.src)
	}
	off := l.starts[line-1]
	for c := 1; c < col && off < len(l.src) && l.src[off] != '\n'; c++ {
		_, size := utf8.DecodeRune(l.src[off:])
		off += size
	}
	return off
}

func countPoints(b []byte) int {
	n := 0
	for len(b) > 0 {
		_, size := utf8.DecodeRune(b)
		b = b[size:]
		n++
	}
	return n
}

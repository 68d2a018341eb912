package source

import "testing"

func TestLinesPosition(t *testing.T) {
	src := []byte("ab\r\n\t日本語x\n\nlast")
	l := NewLines(src)
	tests := []struct {
		off       int
		line, col int
	}{
		{0, 1, 1},
		{2, 1, 3},  // the '\r' sits after "ab"
		{4, 2, 1},  // tab
		{5, 2, 2},  // 日
		{8, 2, 3},  // 本
		{14, 2, 5}, // x after three 3-byte runes
		{16, 3, 1},
		{17, 4, 1},
		{21, 4, 5}, // end of file
		{99, 4, 5}, // clamped
		{-3, 1, 1}, // clamped
	}
	for _, tc := range tests {
		p := l.Position(tc.off)
		if p.Line != tc.line || p.Column != tc.col {
			t.Errorf("Position(%d) = %d:%d, want %d:%d", tc.off, p.Line, p.Column, tc.line, tc.col)
		}
		if tc.off >= 0 && tc.off <= len(src) {
			if back := l.Offset(p.Line, p.Column); back != tc.off {
				t.Errorf("Offset(%d,%d) = %d, want %d", p.Line, p.Column, back, tc.off)
			}
		}
	}
	if got := l.Text(1); got != "ab" {
		t.Errorf("Text(1) = %q (CR must be dropped)", got)
	}
	if got := l.Text(2); got != "\t日本語x" {
		t.Errorf("Text(2) = %q", got)
	}
	if got := l.Text(4); got != "last" {
		t.Errorf("Text(4) = %q", got)
	}
	if l.Count() != 4 {
		t.Errorf("Count = %d", l.Count())
	}
}

func TestLinesInvalidUTF8CountsBytes(t *testing.T) {
	l := NewLines([]byte("a\xffb"))
	if p := l.Position(2); p.Column != 3 {
		t.Errorf("column after an invalid byte = %d, want 3", p.Column)
	}
}

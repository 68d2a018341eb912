package lsp

import (
	"bytes"
	"io"
	"testing"
	"unicode/utf16"
)

// TestLineIndex: byte offsets and UTF-16 positions convert both ways at
// every code point boundary, with CRLF endings, astral characters and
// invalid bytes; out-of-range positions clamp.
func TestLineIndex(t *testing.T) {
	text := "a😀b\r\nü\xffz\n\nend"
	x := newLineIndex([]byte(text))
	cases := []struct {
		off int
		pos Position
	}{
		{0, Position{0, 0}}, {1, Position{0, 1}}, {5, Position{0, 3}}, {6, Position{0, 4}},
		{8, Position{1, 0}}, {10, Position{1, 1}}, {11, Position{1, 2}}, {12, Position{1, 3}},
		{13, Position{2, 0}}, {14, Position{3, 0}}, {17, Position{3, 3}},
	}
	for _, c := range cases {
		if got := x.position(c.off); got != c.pos {
			t.Errorf("position(%d) = %+v, want %+v", c.off, got, c.pos)
		}
		if got := x.offset(c.pos); got != c.off {
			t.Errorf("offset(%+v) = %d, want %d", c.pos, got, c.off)
		}
	}
	for _, c := range []struct {
		pos Position
		off int
	}{
		{Position{0, 2}, 1},   // inside the surrogate pair: the code point's start
		{Position{0, 99}, 6},  // past the line's end: before its "\r\n"
		{Position{99, 0}, 17}, // past the last line
		{Position{-1, 5}, 0},  // before the first
		{Position{3, 99}, 17}, // the last line has no ending
	} {
		if got := x.offset(c.pos); got != c.off {
			t.Errorf("offset(%+v) = %d, want %d", c.pos, got, c.off)
		}
	}
	if got := x.position(-3); got != (Position{0, 0}) {
		t.Errorf("position(-3) = %+v", got)
	}
	if got, want := utf16Len([]byte("a😀ü")), len(utf16.Encode([]rune("a😀ü"))); got != want {
		t.Errorf("utf16Len = %d, want %d", got, want)
	}
}

// FuzzLSPFraming: whatever arrives on the input, reading ends (at EOF or an
// error) without a panic, and a bad message is skipped, never fatal.
func FuzzLSPFraming(f *testing.F) {
	for _, seed := range []string{
		"Content-Length: 2\r\n\r\n{}",
		"Content-Length: 17\r\n\r\n{\"method\":\"x\"}xx",
		"Content-Length: -1\r\n\r\n",
		"content-length:3\n\n[1]Content-Length: 9999999999999999999\r\n\r\n",
		"\r\n\r\nX: y\r\n\r\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		r := newReader(bytes.NewReader(in))
		for i := 0; i <= len(in)+1; i++ {
			_, err := r.read()
			if _, bad := err.(*frameError); err != nil && !bad {
				return
			}
		}
		if _, err := r.read(); err != io.EOF && err != io.ErrUnexpectedEOF {
			t.Fatalf("still reading after %d messages from %d bytes: %v", len(in)+2, len(in), err)
		}
	})
}

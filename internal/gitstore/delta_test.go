package gitstore

import (
	"bytes"
	"testing"
)

func TestApplyDelta(t *testing.T) {
	base := []byte("The quick brown fox jumps over the lazy dog")
	cases := []struct {
		name  string
		delta []byte
		want  string
		ok    bool
	}{
		{"copy then insert", []byte{43, 14, 0x90, 10, 4, 'c', 'a', 't', '!'}, "The quick cat!", true},
		{"copy with offset", []byte{43, 3, 0x91, 40, 3}, "dog", true},
		{"insert only", []byte{43, 2, 2, 'h', 'i'}, "hi", true},
		{"copy size 0 means 64 KiB, past the base", []byte{43, 0x80, 0x80, 0x04, 0x80}, "", false},
		{"base size mismatch", []byte{42, 2, 2, 'h', 'i'}, "", false},
		{"target size mismatch", []byte{43, 3, 2, 'h', 'i'}, "", false},
		{"copy past the base", []byte{43, 5, 0x91, 40, 5}, "", false},
		{"insert past the delta", []byte{43, 5, 5, 'h'}, "", false},
		{"reserved opcode 0", []byte{43, 1, 0}, "", false},
		{"truncated copy operands", []byte{43, 1, 0x91}, "", false},
		{"truncated header", []byte{0x80}, "", false},
	}
	for _, c := range cases {
		got, err := applyDelta(base, c.delta)
		if (err == nil) != c.ok || c.ok && !bytes.Equal(got, []byte(c.want)) {
			t.Errorf("%s: got %q, %v", c.name, got, err)
		}
	}
}

func TestOffsetVarint(t *testing.T) {
	// git's encoding adds one per continuation byte: 0x80 0x00 is 128.
	cases := []struct {
		in   []byte
		want uint64
		n    int
	}{
		{[]byte{0x05}, 5, 1},
		{[]byte{0x80, 0x00}, 128, 2},
		{[]byte{0x81, 0x7f}, (1+1)<<7 | 0x7f, 2},
		{[]byte{0x80}, 0, 0},
		{nil, 0, 0},
	}
	for _, c := range cases {
		if v, n := offsetVarint(c.in); v != c.want || n != c.n {
			t.Errorf("offsetVarint(%x) = %d, %d; want %d, %d", c.in, v, n, c.want, c.n)
		}
	}
}

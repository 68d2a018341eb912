package lsp

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// A bad header line is quoted in the log cut at a code point, never inside
// a UTF-8 sequence, and the next message is still read.
func TestBadHeaderQuotedWhole(t *testing.T) {
	long := strings.Repeat("é", 70)
	r := newReader(strings.NewReader(long + "\r\nContent-Length: 2\r\n\r\n{}" +
		"Content-Length: " + strings.Repeat("ü", 40) + "\r\n\r\n" +
		"Content-Length: 30\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"x\"}"))
	for _, want := range []string{"header line \"" + strings.Repeat("é", 60) + "…\" has no colon",
		"Content-Length \"" + strings.Repeat("ü", 30) + "…\" is not a length"} {
		_, err := r.read()
		var fe *frameError
		if !errors.As(err, &fe) {
			t.Fatalf("got %v, want a frame error", err)
		}
		if !strings.Contains(fe.msg, want) || !utf8.ValidString(fe.msg) {
			t.Errorf("got %q, want it to hold %q", fe.msg, want)
		}
	}
	// The bodies of the bad blocks were skipped: the third block is read.
	if m, err := r.read(); err != nil || m == nil {
		t.Errorf("the message after two bad blocks: %v %v", m, err)
	}
}

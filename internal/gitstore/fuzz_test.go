package gitstore

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParseIndex feeds arbitrary bytes to the index parser: it must return
// an index or an error, never panic, and what it returns must hold
// together.
func FuzzParseIndex(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "index", "*"))
	for _, s := range seeds {
		if data, err := os.ReadFile(s); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("DIRC\x00\x00\x00\x02\x00\x00\x00\x00" + string(make([]byte, 20))))
	f.Fuzz(func(t *testing.T, data []byte) {
		ix, err := ParseIndex(data)
		if err != nil {
			return
		}
		for _, e := range ix.Entries {
			if e.Path == "" || !validMode(e.Mode) || e.Stage < 0 || e.Stage > 3 {
				t.Fatalf("bad entry %+v", e)
			}
		}
		if len(ix.Entries) > len(data) {
			t.Fatalf("%d entries from %d bytes", len(ix.Entries), len(data))
		}
	})
}

// FuzzApplyDelta applies arbitrary deltas to arbitrary bases: an error or
// a target of exactly the declared size, never a panic or an overrun.
func FuzzApplyDelta(f *testing.F) {
	f.Add([]byte("hello world"), []byte{11, 6, 0x90, 5, 1, '!'})
	f.Add([]byte("abc"), []byte{3, 3, 0x91, 0, 3})
	f.Add([]byte{}, []byte{0, 2, 2, 'h', 'i'})
	f.Fuzz(func(t *testing.T, base, delta []byte) {
		out, err := applyDelta(base, delta)
		if err != nil {
			return
		}
		_, n := deltaSize(delta)
		want, _ := deltaSize(delta[n:])
		if int64(len(out)) != want {
			t.Fatalf("target is %d bytes, the delta says %d", len(out), want)
		}
		if len(out) > 0 && len(base) == 0 && !bytes.Contains(delta, out[:1]) {
			t.Fatalf("copied from an empty base")
		}
	})
}

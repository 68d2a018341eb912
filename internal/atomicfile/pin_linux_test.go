package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/squadci/squadci/internal/testtool"
)

// pinnedDeleted lists this process's descriptors that hold path's
// unlinked inode.
func pinnedDeleted(t *testing.T, path string) int {
	t.Helper()
	es, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		testtool.Unsupported(t, "/proc/self/fd", err)
	}
	n := 0
	for _, e := range es {
		if l, err := os.Readlink("/proc/self/fd/" + e.Name()); err == nil && l == path+" (deleted)" {
			n++
		}
	}
	return n
}

func TestPinInodeHoldsReplacedFile(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "t.state.json")
	if err := os.WriteFile(state, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	unpin := pinInode(state)
	if err := os.WriteFile(state+".tmp", []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(state+".tmp", state); err != nil {
		t.Fatal(err)
	}
	if n := pinnedDeleted(t, state); n != 1 {
		t.Fatalf("replaced inode held by %d descriptors before unpin, want 1", n)
	}
	unpin()
	if n := pinnedDeleted(t, state); n != 0 {
		t.Fatalf("replaced inode still held by %d descriptors after unpin", n)
	}
}

func TestPinInodeOpensNothing(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		testtool.Unsupported(t, "FIFOs", err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(fifo, link); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{fifo, link, filepath.Join(dir, "missing"), dir} {
		done := make(chan struct{})
		go func() { pinInode(p)(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("pinInode(%s) blocked", strings.TrimPrefix(p, dir))
		}
	}
}

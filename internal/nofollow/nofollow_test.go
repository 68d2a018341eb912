package nofollow

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

func TestOpenRefusesSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	if err := os.WriteFile(target, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(target, link); err != nil {
		testtool.Unsupported(t, "symbolic links", err)
	}
	if f, err := Open(target); err != nil {
		t.Fatalf("regular file: %v", err)
	} else {
		f.Close()
	}
	if _, err := Open(link); err == nil || !IsSymlink(err) {
		t.Errorf("symlink: err = %v", err)
	}
	if _, err := Open(filepath.Join(dir, "missing")); err == nil || IsSymlink(err) {
		t.Errorf("missing file: err = %v", err)
	}
}

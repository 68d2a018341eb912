package nofollow

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestReadFileAt(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f"), []byte("abc"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("f", filepath.Join(dir, "l")); err != nil {
		t.Fatal(err)
	}
	fd, err := syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(fd)
	if b, err := ReadFileAt(fd, "f", 3); err != nil || string(b) != "abc" {
		t.Errorf("file: %q, %v", b, err)
	}
	if _, err := ReadFileAt(fd, "l", 3); !errors.Is(err, ErrNotRegular) {
		t.Errorf("symlink: %v", err)
	}
	if _, err := ReadFileAt(fd, "missing", 3); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
	var tl *TooLargeError
	if _, err := ReadFileAt(fd, "f", 2); !errors.As(err, &tl) {
		t.Errorf("over the limit: %v", err)
	}
}

package nofollow

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.json")
	if err := os.WriteFile(file, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadFile(file, 10); err != nil || string(b) != "0123456789" {
		t.Fatalf("at the limit: %q, %v", b, err)
	}
	var tl *TooLargeError
	if _, err := ReadFile(file, 9); !errors.As(err, &tl) || tl.Size != 10 || tl.Limit != 9 {
		t.Errorf("over the limit: %v", err)
	}
	if _, err := ReadFile(filepath.Join(dir, "missing"), 10); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
	if _, err := ReadFile(dir, 10); !errors.Is(err, ErrNotRegular) {
		t.Errorf("directory: %v", err)
	}
	empty := filepath.Join(dir, "empty")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadFile(empty, 0); err != nil || len(b) != 0 {
		t.Errorf("empty: %q, %v", b, err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(file, link); err == nil {
		if _, err := ReadFile(link, 10); !errors.Is(err, ErrNotRegular) {
			t.Errorf("symlink: %v", err)
		}
	}
}

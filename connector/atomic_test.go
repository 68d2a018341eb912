package connector

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.json")
	if err := WriteFileAtomic(p, []byte("one"), 0o644, false); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(p, []byte("two"), 0o644, false); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("second write without overwrite: %v", err)
	}
	if data, _ := os.ReadFile(p); string(data) != "one" {
		t.Errorf("refused write changed the file: %q", data)
	}
	if err := WriteFileAtomic(p, []byte("three"), 0o600, true); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(p); string(data) != "three" {
		t.Errorf("overwrite: %q", data)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

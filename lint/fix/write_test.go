package fix

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.md")
	if err := os.WriteFile(p, []byte("old"), 0o750); err != nil {
		t.Fatal(err)
	}
	if err := Write(dir, []Change{{Path: "a.md", Old: []byte("old"), New: []byte("new")}}); err != nil {
		t.Fatal(err)
	}
	info, _ := os.Stat(p)
	got, _ := os.ReadFile(p)
	if string(got) != "new" || info.Mode().Perm() != 0o750 {
		t.Errorf("after Write: %q, mode %v; want \"new\", 0750", got, info.Mode().Perm())
	}
	// The file changed since it was read: left alone, with an error.
	err := Write(dir, []Change{{Path: "a.md", Old: []byte("old"), New: []byte("newer")}})
	if got, _ := os.ReadFile(p); err == nil || !strings.Contains(err.Error(), "changed") || string(got) != "new" {
		t.Errorf("a stale change: err %v, file %q", err, got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

// TestWriteRefusesSymlinkedDirectory: a directory that links out of the
// repository is not written through.
func TestWriteRefusesSymlinkedDirectory(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "a.md"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(root, "link")); err != nil {
		testtool.Unsupported(t, "symbolic links", err)
	}
	err := Write(root, []Change{{Path: "link/a.md", Old: []byte("old"), New: []byte("new")}})
	if got, _ := os.ReadFile(filepath.Join(outside, "a.md")); err == nil || string(got) != "old" {
		t.Errorf("written through a symlinked directory: err %v, file %q", err, got)
	}
}

// TestWriteKeepsConcurrentEdit: an edit saved while the fix writes its
// temporary file is reported and kept, never overwritten; whether the
// editor rewrote the file in place (same size or not) or replaced it.
func TestWriteKeepsConcurrentEdit(t *testing.T) {
	edits := map[string]func(p string) error{
		"in place, same size": func(p string) error { return os.WriteFile(p, []byte("OLD"), 0o644) },
		"in place, longer":    func(p string) error { return os.WriteFile(p, []byte("old, edited"), 0o644) },
		"replaced": func(p string) error {
			if err := os.WriteFile(p+".new", []byte("edit"), 0o644); err != nil {
				return err
			}
			return os.Rename(p+".new", p)
		},
	}
	for name, edit := range edits {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "a.md")
			if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
				t.Fatal(err)
			}
			var want []byte
			beforePublish = func(path string) {
				if err := edit(path); err != nil {
					t.Fatal(err)
				}
				want, _ = os.ReadFile(path)
			}
			defer func() { beforePublish = nil }()
			err := Write(dir, []Change{{Path: "a.md", Old: []byte("old"), New: []byte("fixed")}})
			got, _ := os.ReadFile(p)
			if err == nil || !strings.Contains(err.Error(), "changed while it was being fixed") || string(got) != string(want) {
				t.Errorf("err %v, file %q; want the concurrent edit %q kept and reported", err, got, want)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("temporary files left behind: %v", entries)
			}
		})
	}
}

package testtool

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// OverlayCase materialises the fixture tree fixtures/name in root: first
// the case its BASE file names (recursively), then its own files, then the
// paths its DELETE file lists are removed.
func OverlayCase(t testing.TB, fixtures, name, root string) {
	t.Helper()
	overlayCase(t, fixtures, name, root, 0)
}

func overlayCase(t testing.TB, fixtures, name, root string, depth int) {
	t.Helper()
	dir := filepath.Join(fixtures, name)
	if base, err := os.ReadFile(filepath.Join(dir, "BASE")); err == nil {
		if depth > 4 {
			t.Fatalf("%s: BASE chain too deep", name)
		}
		overlayCase(t, fixtures, strings.TrimSpace(string(base)), root, depth+1)
	}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if rel == "BASE" || rel == "DELETE" {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		dst := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	if del, err := os.ReadFile(filepath.Join(dir, "DELETE")); err == nil {
		for _, l := range strings.Split(string(del), "\n") {
			if l = strings.TrimSpace(l); l != "" {
				if err := os.RemoveAll(filepath.Join(root, filepath.FromSlash(l))); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

package lint

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestOverlay: a buffer is read instead of its file, under the same cap;
// a buffer with no file is listed only where named; the checks that look
// past the files see the work tree under the overlay.
func TestOverlay(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "a.md"), []byte("disk"), 0o644); err != nil {
		t.Fatal(err)
	}
	disk := &DiskFiles{Root: root, NoGit: true}
	o := NewOverlay(disk, map[string][]byte{"a.md": []byte("buffer"), "new.md": []byte("unsaved")})
	if b, err := o.Read("a.md", 100); err != nil || string(b) != "buffer" {
		t.Errorf("Read a.md = %q, %v", b, err)
	}
	var tl *TooLargeError
	if _, err := o.Read("a.md", 3); !errors.As(err, &tl) || tl.Size != 6 {
		t.Errorf("Read over the cap: %v", err)
	}
	ctx := context.Background()
	all, err := o.List(ctx, nil)
	if err != nil || !slices.Equal(all, []string{"a.md"}) {
		t.Errorf("List(nil) = %v, %v", all, err)
	}
	named, err := o.List(ctx, []string{"new.md", "a.md", "gone.md"})
	slices.Sort(named)
	if err != nil || !slices.Equal(named, []string{"a.md", "new.md"}) {
		t.Errorf("List(named) = %v, %v", named, err)
	}
	if d, ok := diskOf(NewOverlay(o, nil)); !ok || d != disk {
		t.Errorf("diskOf through two overlays = %v, %v", d, ok)
	}
}

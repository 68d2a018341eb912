package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint"
)

// TestSimilarInSizeKeepsPossibleRenames: an added file is compared with
// the deleted one unless one is over four times the other; a size that
// cannot be read keeps the file.
func TestSimilarInSizeKeepsPossibleRenames(t *testing.T) {
	rev, head := t.TempDir(), t.TempDir()
	write := func(root, rel string, n int) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(strings.Repeat("x", n)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(rev, "old.md", 1000)
	for name, n := range map[string]int{"tiny.md": 249, "quarter.md": 250, "same.md": 1000, "four.md": 4000, "huge.md": 4001} {
		write(head, name, n)
	}
	revFiles, headFiles := &lint.DiskFiles{Root: rev, NoGit: true}, &lint.DiskFiles{Root: head, NoGit: true}
	added := []string{"sub/four.md", "sub/huge.md", "sub/missing.md", "sub/quarter.md", "sub/same.md", "sub/tiny.md"}
	got := similarInSize("sub/", []string{"sub/old.md"}, lint.SubFiles{Inner: revFiles}, added, lint.SubFiles{Inner: headFiles})
	if want := []string{"sub/four.md", "sub/missing.md", "sub/quarter.md", "sub/same.md"}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("kept %v, want %v", got, want)
	}
	if got := similarInSize("sub/", []string{"sub/gone.md"}, revFiles, added, headFiles); len(got) != len(added) {
		t.Errorf("deleted file of unknown size: kept %v, want every added file", got)
	}
	if got := similarInSize("", nil, revFiles, added, headFiles); len(got) != len(added) {
		t.Errorf("nothing deleted: %v", got)
	}
}

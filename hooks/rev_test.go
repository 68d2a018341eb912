package hooks

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint"
)

// TestOpenRevReadsTheCommit: the work tree stands in for a blob only when
// its bytes are the blob's; an edited file reads as committed, a renamed
// one under its new path, and the commit's content is read again the same.
func TestOpenRevReadsTheCommit(t *testing.T) {
	dir := newRepo(t)
	write(t, dir, "same.md", "unchanged\n")
	write(t, dir, "edited.md", "committed\n")
	write(t, dir, "old.md", "moved\n")
	gitRun(t, dir, "add", ".")
	gitRun(t, dir, "commit", "-q", "-m", "base")
	sha := strings.TrimSpace(gitRun(t, dir, "rev-parse", "HEAD"))
	write(t, dir, "edited.md", "edited in the work tree\n")
	gitRun(t, dir, "mv", "old.md", "new.md")

	x, err := OpenRev(context.Background(), dir, sha, map[string]string{"old.md": "new.md"})
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	for path, want := range map[string]string{"same.md": "unchanged\n", "edited.md": "committed\n", "new.md": "moved\n"} {
		for range 2 {
			if b, err := x.Read(path, 100); err != nil || string(b) != want {
				t.Errorf("Read(%s) = %q, %v; want %q", path, b, err, want)
			}
		}
	}
	var tooLarge *lint.TooLargeError
	if _, err := x.Read("edited.md", 4); !errors.As(err, &tooLarge) || tooLarge.Size != 10 {
		t.Errorf("over the cap: err = %v; want the committed size 10", err)
	}
	if _, err := x.Read("old.md", 100); err == nil {
		t.Errorf("Read(old.md): the renamed file is listed under its new path only")
	}
}

package lint

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

// atGitTop returns, for a work-tree root that is a folder below its git
// top-level, a function reporting whether a top-relative file exists as a
// regular file; nil when the root is the top, or outside git (the index
// and plain walks have no "above").
func atGitTop(ctx context.Context, files Files) func(string) bool {
	d, ok := diskOf(files)
	if !ok || d.NoGit {
		return nil
	}
	top := gitOutput(ctx, d.Root, "rev-parse", "--show-toplevel")
	if top == "" || sameDir(top, d.Root) {
		return nil
	}
	return func(rel string) bool {
		fi, err := os.Lstat(filepath.Join(top, filepath.FromSlash(rel)))
		return err == nil && fi.Mode().IsRegular()
	}
}

// gitOutput runs git in dir and returns its trimmed output, "" on failure.
func gitOutput(ctx context.Context, dir string, args ...string) string {
	if _, err := exec.LookPath("git"); err != nil {
		return ""
	}
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, io.Discard
	if cmd.Run() != nil {
		return ""
	}
	return strings.TrimSpace(out.String())
}

// sameDir reports whether two paths name one directory, symlinks resolved.
func sameDir(a, b string) bool {
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	return err1 == nil && err2 == nil && ra == rb
}

// stateBranch returns a lister of the files on the `squad-state` branch of
// a work-tree root's repository (Squad's orphan and two-layer state
// backends), run once on first use; nil for the index and plain walks.
func stateBranch(ctx context.Context, files Files) func() ([]string, bool) {
	d, ok := diskOf(files)
	if !ok || d.NoGit {
		return nil
	}
	return sync.OnceValues(func() ([]string, bool) {
		if gitOutput(ctx, d.Root, "rev-parse", "--verify", "--quiet", "refs/heads/squad-state") == "" {
			return nil, false
		}
		out := gitOutput(ctx, d.Root, "-c", "core.quotepath=off", "ls-tree", "-r", "--name-only", "refs/heads/squad-state")
		if out == "" {
			return nil, true
		}
		return strings.Split(out, "\n"), true
	})
}

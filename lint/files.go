package lint

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Files is where the engine reads a repository from: the work tree, or
// (for --staged) the git index. Paths are root-relative with '/'.
type Files interface {
	// List returns every candidate file path under the root.
	List(ctx context.Context) ([]string, error)
	// Stat returns the size and whether the entry is a regular file; it never
	// follows a symlink.
	Stat(rel string) (size int64, regular bool, err error)
	// Read returns at most limit+1 bytes of the file.
	Read(rel string, limit int64) ([]byte, error)
}

// DiskFiles reads the work tree at Root. Inside a git work tree the listing
// comes from git (tracked and untracked files, .gitignore honoured);
// elsewhere it is a directory walk that skips .git.
type DiskFiles struct {
	Root string
	// NoGit forces the plain walk even inside a git work tree.
	NoGit bool
}

// List implements Files.
func (d *DiskFiles) List(ctx context.Context) ([]string, error) {
	if !d.NoGit {
		if paths, ok := gitListFiles(ctx, d.Root); ok {
			return paths, nil
		}
	}
	var out []string
	err := filepath.WalkDir(d.Root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			if p == d.Root {
				return err
			}
			return nil // an unreadable subdirectory is skipped, not fatal
		}
		if e.IsDir() {
			if e.Name() == ".git" || e.Name() == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(d.Root, p)
		if err != nil {
			return nil
		}
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	return out, err
}

// gitListFiles asks git for the files under root that are tracked or
// untracked-but-not-ignored. ok is false outside a work tree or without git.
func gitListFiles(ctx context.Context, root string) ([]string, bool) {
	if _, err := exec.LookPath("git"); err != nil {
		return nil, false
	}
	cmd := exec.CommandContext(ctx, "git", "-c", "core.quotepath=off", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ".")
	cmd.Dir = root
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = io.Discard
	if err := cmd.Run(); err != nil {
		return nil, false
	}
	var paths []string
	seen := map[string]bool{}
	for _, p := range bytes.Split(out.Bytes(), []byte{0}) {
		if len(p) == 0 || seen[string(p)] {
			continue
		}
		seen[string(p)] = true
		paths = append(paths, string(p))
	}
	return paths, true
}

// Stat implements Files.
func (d *DiskFiles) Stat(rel string) (int64, bool, error) {
	info, err := os.Lstat(filepath.Join(d.Root, filepath.FromSlash(rel)))
	if err != nil {
		return 0, false, err
	}
	return info.Size(), info.Mode().IsRegular(), nil
}

// Read implements Files. It reads at most limit+1 bytes so a file that grew
// after Stat is still caught as too large without being read whole.
func (d *DiskFiles) Read(rel string, limit int64) ([]byte, error) {
	f, err := os.Open(filepath.Join(d.Root, filepath.FromSlash(rel)))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("not a regular file")
	}
	size := info.Size()
	if size > limit {
		size = limit
	}
	buf := bytes.NewBuffer(make([]byte, 0, size+1))
	_, err = io.Copy(buf, io.LimitReader(f, limit+1))
	return buf.Bytes(), err
}

// describeOSError shortens an OS error to its cause, without the path.
func describeOSError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return strings.TrimSpace(err.Error())
}

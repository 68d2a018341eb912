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
	"sync"

	"github.com/squadci/squadci/internal/nofollow"
)

// Files is where the engine reads a repository from: the work tree, or
// (for --staged) the git index. Paths are root-relative with '/'.
type Files interface {
	// List returns the candidate files under the given directories ("dir/")
	// and files; nil means the whole root.
	List(ctx context.Context, under []string) ([]string, error)
	// Read returns the contents of a regular file, refusing symlinks and
	// special files, and refusing (with a *TooLargeError) a file larger than
	// limit without reading it.
	Read(rel string, limit int64) ([]byte, error)
}

// TooLargeError reports a file over its size cap; nothing was read.
type TooLargeError struct{ Size, Limit int64 }

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("file is %s; the limit for this kind of file is %s", byteSize(e.Size), byteSize(e.Limit))
}

// ErrNotRegular is returned for symlinks, directories and special files.
var ErrNotRegular = errors.New("not a regular file (symlinks and special files are never followed)")

// DiskFiles reads the work tree at Root. Inside a git work tree the listing
// comes from git (tracked and untracked files, .gitignore honoured);
// elsewhere it is a directory walk that skips .git and node_modules.
type DiskFiles struct {
	Root string
	// NoGit forces the plain walk even inside a git work tree.
	NoGit bool
	// ListOnce answers every List inside git from one listing of the
	// whole tree, filtered: for a long list of targets (a hook framework's,
	// up to every tracked file), which git would match pathspec by
	// pathspec on each call, and for a process that lints the same tree
	// again and again (the language server, which makes a new DiskFiles
	// to see files added or deleted since).
	ListOnce bool

	once listing
}

// listing is the whole-tree git listing ListOnce keeps.
type listing struct {
	mu    sync.Mutex
	done  bool
	paths []string
	ok    bool
}

// List implements Files.
func (d *DiskFiles) List(ctx context.Context, under []string) ([]string, error) {
	if !d.NoGit {
		if d.ListOnce {
			if paths, ok := d.listedUnder(ctx, under); ok {
				return append(paths, d.existingFiles(under)...), nil
			}
		} else if paths, ok := gitListFiles(ctx, d.Root, under); ok {
			// A file named explicitly is listed even when git ignores it.
			return append(paths, d.existingFiles(under)...), nil
		}
	}
	if under == nil {
		return d.walk("")
	}
	out := d.existingFiles(under)
	for _, u := range under {
		if !strings.HasSuffix(u, "/") {
			continue
		}
		paths, err := d.walk(u)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		out = append(out, paths...)
	}
	return out, nil
}

// listedUnder filters the whole-tree listing, made on first use, as git
// filters it by literal pathspecs: a file, or everything below a "dir/".
func (d *DiskFiles) listedUnder(ctx context.Context, under []string) ([]string, bool) {
	d.once.mu.Lock()
	if !d.once.done {
		d.once.paths, d.once.ok = gitListFiles(ctx, d.Root, nil)
		d.once.done = true
	}
	all, ok := d.once.paths, d.once.ok
	d.once.mu.Unlock()
	if !ok {
		return nil, false
	}
	if under == nil {
		return append([]string(nil), all...), true
	}
	files := map[string]bool{}
	var dirs []string
	for _, u := range under {
		switch {
		case u == "./":
			return append([]string(nil), all...), true
		case strings.HasSuffix(u, "/"):
			dirs = append(dirs, u)
		default:
			files[u] = true
		}
	}
	var out []string
	for _, p := range all {
		if files[p] {
			out = append(out, p)
			continue
		}
		for _, dir := range dirs {
			if strings.HasPrefix(p, dir) {
				out = append(out, p)
				break
			}
		}
	}
	return out, true
}

// existingFiles returns the entries of list that name existing non-directories.
func (d *DiskFiles) existingFiles(list []string) []string {
	var out []string
	for _, u := range list {
		if strings.HasSuffix(u, "/") {
			continue
		}
		if info, err := os.Lstat(d.abs(u)); err == nil && !info.IsDir() {
			out = append(out, u)
		}
	}
	return out
}

func (d *DiskFiles) abs(rel string) string { return filepath.Join(d.Root, filepath.FromSlash(rel)) }

// walk lists the files below dir ("" for the root), without following
// symlinks.
func (d *DiskFiles) walk(dir string) ([]string, error) {
	var out []string
	start := d.abs(dir)
	err := filepath.WalkDir(start, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			if p == start {
				return err
			}
			return nil // an unreadable subdirectory is skipped, not fatal
		}
		if e.IsDir() {
			if p != start && (e.Name() == ".git" || e.Name() == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(d.Root, p)
		if err == nil {
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	return out, err
}

// gitListFiles asks git for the files under root that are tracked or
// untracked-but-not-ignored. ok is false outside a work tree or without git.
func gitListFiles(ctx context.Context, root string, under []string) ([]string, bool) {
	if _, err := exec.LookPath("git"); err != nil {
		return nil, false
	}
	args := []string{"-c", "core.quotepath=off", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--"}
	if under == nil {
		args = append(args, ".")
	} else if len(under) == 0 {
		return nil, true
	}
	for _, u := range under {
		args = append(args, ":(literal)"+u)
	}
	cmd := exec.CommandContext(ctx, "git", args...)
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

// Read implements Files: one open (never following a symlink, never
// blocking on a FIFO), one fstat for type and size, then at most limit+1
// bytes, so a file that grows while being read is still caught.
func (d *DiskFiles) Read(rel string, limit int64) ([]byte, error) {
	data, err := nofollow.ReadFile(d.abs(rel), limit)
	var tl *nofollow.TooLargeError
	switch {
	case errors.Is(err, nofollow.ErrNotRegular):
		return nil, ErrNotRegular
	case errors.As(err, &tl):
		return nil, &TooLargeError{Size: tl.Size, Limit: tl.Limit}
	}
	return data, err
}

// describeOSError shortens an OS error to its cause, without the path.
func describeOSError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return strings.TrimSpace(err.Error())
}

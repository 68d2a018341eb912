// Package hooks connects squadci to git: the staged file list, reading
// blobs from the index (so a partially staged file is linted exactly as it
// will be committed), and installing a plain pre-commit hook.
package hooks

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/squadci/squadci/internal/gitstore"
	"github.com/squadci/squadci/lint"
)

// git runs a git command in dir and returns its standard output.
func git(ctx context.Context, dir string, args ...string) ([]byte, error) {
	return lint.Git(ctx, dir, args...)
}

func splitNUL(b []byte) []string {
	var out []string
	for _, p := range bytes.Split(b, []byte{0}) {
		if len(p) > 0 {
			out = append(out, string(p))
		}
	}
	return out
}

// IndexFiles implements lint.Files over the git index of the repository at
// Top. Read directly from the repository's files (gitstore) when it can;
// otherwise listings come from `git ls-files --stage` and contents from one
// long-lived `git cat-file --batch-command`. Either way a blob's size is
// known before its content is read, so an oversized blob is never read.
type IndexFiles struct {
	Top string

	repo *gitstore.Repo // set when the index was read directly

	once    sync.Once
	entries []gitstore.Entry // in index order: sorted by path, one per path
	err     error

	mu     sync.Mutex
	cat    *exec.Cmd
	stdin  io.WriteCloser
	stdout *bufio.Reader
}

// load reads the whole index once.
func (x *IndexFiles) load(ctx context.Context) error {
	x.once.Do(func() {
		out, err := git(ctx, x.Top, "ls-files", "--stage", "-z")
		if err != nil {
			x.err = err
			return
		}
		x.parse(out)
	})
	return x.err
}

// parse reads `git ls-files --stage -z` output.
func (x *IndexFiles) parse(out []byte) {
	x.entries = nil
	for _, rec := range splitNUL(out) {
		// "<mode> <object> <stage>\t<path>"
		meta, path, ok := strings.Cut(rec, "\t")
		fields := strings.Fields(meta)
		if !ok || len(fields) != 3 || fields[2] != "0" && fields[2] != "2" {
			continue // unmerged entries other than "ours" are skipped
		}
		mode, err := strconv.ParseUint(fields[0], 8, 32)
		id, idErr := gitstore.ParseID(fields[1])
		if err != nil || idErr != nil {
			continue
		}
		x.entries = append(x.entries, gitstore.Entry{Path: path, Mode: uint32(mode), ID: id})
	}
	x.sort()
}

// sort puts the entries in byte order of their paths, which is git's index
// order, so lookups can search them.
func (x *IndexFiles) sort() {
	if !slices.IsSortedFunc(x.entries, compareEntries) {
		slices.SortFunc(x.entries, compareEntries)
	}
}

func compareEntries(a, b gitstore.Entry) int { return strings.Compare(a.Path, b.Path) }

func comparePath(e gitstore.Entry, path string) int { return strings.Compare(e.Path, path) }

// find returns the entry at path.
func (x *IndexFiles) find(path string) (gitstore.Entry, bool) {
	i, ok := slices.BinarySearchFunc(x.entries, path, comparePath)
	if !ok {
		return gitstore.Entry{}, false
	}
	return x.entries[i], true
}

// fromIndex takes the entries of a directly read index, as parse does.
func (x *IndexFiles) fromIndex(ix *gitstore.Index) {
	x.entries = ix.Entries
	if slices.ContainsFunc(ix.Entries, func(e gitstore.Entry) bool { return e.Stage != 0 }) {
		x.entries = slices.DeleteFunc(slices.Clone(ix.Entries), func(e gitstore.Entry) bool { return e.Stage != 0 && e.Stage != 2 })
	}
	x.sort()
}

// List implements lint.Files.
func (x *IndexFiles) List(ctx context.Context, under []string) ([]string, error) {
	if err := x.load(ctx); err != nil {
		return nil, err
	}
	if under == nil || slices.Contains(under, "./") {
		return x.paths(x.entries, nil), nil
	}
	// The entries are sorted: each directory is one run of them, found by
	// binary search, and each file one lookup.
	var out []string
	for _, u := range under {
		if !strings.HasSuffix(u, "/") {
			if e, ok := x.find(u); ok {
				out = x.paths([]gitstore.Entry{e}, out)
			}
			continue
		}
		lo, _ := slices.BinarySearchFunc(x.entries, u, comparePath)
		hi := lo
		for hi < len(x.entries) && strings.HasPrefix(x.entries[hi].Path, u) {
			hi++
		}
		out = x.paths(x.entries[lo:hi], out)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// paths appends the paths of the entries that are files (not submodules).
func (x *IndexFiles) paths(es []gitstore.Entry, out []string) []string {
	for _, e := range es {
		if e.Mode != 0o160000 {
			out = append(out, e.Path)
		}
	}
	return out
}

// Lstat reports the staged entry's type, so path checks see the index as
// the commit will have it (a staged symlink is a symlink).
func (x *IndexFiles) Lstat(rel string) (mode fs.FileMode, size int64, err error) {
	if err := x.load(context.Background()); err != nil {
		return 0, 0, err
	}
	e, ok := x.find(rel)
	if !ok {
		if x.isDir(rel) {
			return fs.ModeDir, 0, nil
		}
		return 0, 0, fs.ErrNotExist
	}
	if e.Mode == 0o120000 {
		return fs.ModeSymlink, 0, nil
	}
	size, err = x.size(e.ID)
	return 0, size, err
}

func (x *IndexFiles) isDir(rel string) bool {
	prefix := strings.TrimSuffix(rel, "/") + "/"
	i, _ := slices.BinarySearchFunc(x.entries, prefix, comparePath)
	return i < len(x.entries) && strings.HasPrefix(x.entries[i].Path, prefix)
}

// Read implements lint.Files.
func (x *IndexFiles) Read(rel string, limit int64) ([]byte, error) {
	if err := x.load(context.Background()); err != nil {
		return nil, err
	}
	e, ok := x.find(rel)
	switch {
	case !ok:
		return nil, fs.ErrNotExist
	case e.Mode != 0o100644 && e.Mode != 0o100755:
		return nil, lint.ErrNotRegular
	}
	if x.repo != nil {
		if limit <= 0 {
			// Only an empty blob fits: gitstore's limit 0 means none, so
			// ask the size (the header, or a delta's) instead.
			size, err := x.repo.BlobSize(e.ID)
			switch {
			case err != nil:
				return nil, err
			case size > 0:
				return nil, &lint.TooLargeError{Size: size, Limit: limit}
			}
			return []byte{}, nil
		}
		// ReadBlob refuses an oversized blob from its header, before
		// inflating it: no separate size query.
		data, err := x.repo.ReadBlob(e.ID, limit)
		var tl *gitstore.TooLargeError
		if errors.As(err, &tl) {
			return nil, &lint.TooLargeError{Size: tl.Size, Limit: limit}
		}
		return data, err
	}
	size, err := x.size(e.ID)
	if err != nil {
		return nil, err
	}
	if size > limit {
		return nil, &lint.TooLargeError{Size: size, Limit: limit}
	}
	return x.contents(e.ID, size)
}

// start launches the batch process on first use.
func (x *IndexFiles) start() error { return x.startIn(x.Top) }

func (x *IndexFiles) startIn(dir string) error {
	if x.cat != nil {
		return nil
	}
	cmd := exec.Command("git", "cat-file", "--batch-command")
	cmd.Dir = dir
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("git cat-file: %w", err)
	}
	x.cat, x.stdin, x.stdout = cmd, in, bufio.NewReaderSize(out, 64<<10)
	return nil
}

// header sends one command and parses "<oid> <type> <size>".
func (x *IndexFiles) header(command, object string) (int64, error) {
	if err := x.start(); err != nil {
		return 0, err
	}
	if _, err := fmt.Fprintf(x.stdin, "%s %s\n", command, object); err != nil {
		return 0, err
	}
	line, err := x.stdout.ReadString('\n')
	if err != nil {
		return 0, fmt.Errorf("git cat-file: %w", err)
	}
	fields := strings.Fields(line)
	if len(fields) != 3 || fields[1] != "blob" {
		return 0, fmt.Errorf("git cat-file: unexpected reply %q", strings.TrimSpace(line))
	}
	return strconv.ParseInt(fields[2], 10, 64)
}

func (x *IndexFiles) size(id gitstore.ID) (int64, error) {
	if x.repo != nil {
		return x.repo.BlobSize(id)
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.header("info", id.String())
}

func (x *IndexFiles) contents(id gitstore.ID, want int64) ([]byte, error) {
	x.mu.Lock()
	defer x.mu.Unlock()
	size, err := x.header("contents", id.String())
	if err != nil {
		return nil, err
	}
	if size != want {
		return nil, errors.New("git cat-file: blob size changed")
	}
	buf := make([]byte, size+1) // content and the trailing newline
	if _, err := io.ReadFull(x.stdout, buf); err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	return buf[:size], nil
}

// Close stops the batch process, or closes the repository's files.
func (x *IndexFiles) Close() error {
	if x.repo != nil {
		return x.repo.Close()
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.cat == nil {
		return nil
	}
	x.stdin.Close()
	err := x.cat.Wait()
	x.cat = nil
	return err
}

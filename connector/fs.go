package connector

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/squadci/squadci/internal/nofollow"
)

// FS is the read-only view of a repository the on-disk checks need: Lstat
// of a root-relative, '/'-separated path, never following a final symlink.
// DirFS implements it over a work tree; the engine can implement it over the
// git index, so the same checks judge what is staged.
type FS interface {
	Lstat(rel string) (fs.FileInfo, error)
}

// ReadFS is an FS that can also list directories and read files, as
// Resolve and the loaders need. Implementations refuse symlinks and special
// files in ReadFile.
type ReadFS interface {
	FS
	// ReadDir lists a directory ("" is the root); a missing directory is an
	// error wrapping fs.ErrNotExist.
	ReadDir(rel string) ([]fs.DirEntry, error)
	// ReadFile returns a regular file's bytes, refusing (with
	// *FileTooLargeError) a file larger than limit without reading it.
	ReadFile(rel string, limit int64) ([]byte, error)
}

// FileTooLargeError reports a file over its size cap; nothing was read.
type FileTooLargeError struct{ Size, Limit int64 }

func (e *FileTooLargeError) Error() string {
	return fmt.Sprintf("file is %d bytes; the limit is %d", e.Size, e.Limit)
}

// ErrLink is returned for a path with a symlink, junction or special entry
// at some component: such paths are never followed.
var ErrLink = errors.New("a path component is a symlink, junction or special file")

// DirFS returns a ReadFS over the directory root.
func DirFS(root string) ReadFS { return dirFS{root: root} }

type dirFS struct{ root string }

func (d dirFS) abs(rel string) string {
	if rel == "" {
		return d.root
	}
	return filepath.Join(d.root, filepath.FromSlash(rel))
}

// Lstat implements FS.
func (d dirFS) Lstat(rel string) (fs.FileInfo, error) { return os.Lstat(d.abs(rel)) }

// ReadDir implements ReadFS. Every component of rel must be a real
// directory, so a listing never leaves the root through a link.
func (d dirFS) ReadDir(rel string) ([]fs.DirEntry, error) {
	rel = strings.TrimSuffix(rel, "/")
	if rel != "" {
		info, err := d.checkComponents(rel)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			return nil, fmt.Errorf("%s: not a directory: %w", rel, fs.ErrNotExist)
		}
	}
	return os.ReadDir(d.abs(rel))
}

// ReadFile implements ReadFS: every component is checked with Lstat, and the
// opened file must be the very entry checked (a swap in between is refused).
func (d dirFS) ReadFile(rel string, limit int64) ([]byte, error) {
	info, err := d.checkComponents(rel)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, ErrLink
	}
	if info.Size() > limit {
		return nil, &FileTooLargeError{Size: info.Size(), Limit: limit}
	}
	// Opened without following a link or blocking on a FIFO: an entry
	// swapped since the Lstat is refused, never waited on or followed.
	f, err := nofollow.Open(d.abs(rel))
	if nofollow.IsSymlink(err) {
		return nil, ErrLink
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	opened, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !opened.Mode().IsRegular() || !os.SameFile(info, opened) {
		return nil, ErrLink
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &FileTooLargeError{Size: int64(len(data)), Limit: limit}
	}
	return data, nil
}

// checkComponents Lstats rel and every directory above it, returning the
// final entry's info, or ErrLink when a directory component is not a real
// directory.
func (d dirFS) checkComponents(rel string) (fs.FileInfo, error) {
	info, err := StatNoFollow(d, rel)
	if err != nil {
		return nil, err
	}
	return info, nil
}

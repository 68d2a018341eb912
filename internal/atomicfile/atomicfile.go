// Package atomicfile publishes whole files: a reader of the path sees no
// file, the old file or the new one, never a part. Every squadci write of
// a file a reader may race goes through it, so each gets the same
// durability: a temporary file in the same directory, written, chmodded
// and fsynced, then renamed over the old file or hard-linked where none
// may exist, then the directory fsynced.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
)

// TempPrefix is the name prefix of the temporary file a write of a file
// named base creates ("."+base+".tmp-" and a random suffix), for code that
// removes what a killed writer left.
func TempPrefix(base string) string { return "." + base + ".tmp-" }

// Options are a write's choices beyond the bytes.
type Options struct {
	// Perm is the published file's permission bits, applied with chmod
	// (no umask).
	Perm fs.FileMode
	// Overwrite renames the new file over an existing one. Without it an
	// existing path is refused with an error wrapping fs.ErrExist and
	// never replaced: the file is published with a hard link, which fails
	// when the name exists; where links are unsupported, a check and a
	// rename. Either way a symlink at path is replaced or refused, never
	// followed.
	Overwrite bool
	// TmpDir holds the temporary file; "" is path's directory. It must be
	// on the same file system as path.
	TmpDir string
	// NoDirSync leaves the fsync of path's directory to the caller
	// (SyncDir), who may owe it once for many files.
	NoDirSync bool
	// Gate, when set, runs each name operation of the write — creating
	// the temporary file in its directory, publishing it in path's — as
	// gate(dir, op).
	Gate func(dir string, op func() error) error
	// Check, when set, runs once the temporary file is complete and
	// durable, just before it is published: an error abandons the write,
	// path untouched.
	Check func() error
}

// WriteFile publishes data at path with perm, replacing an existing file
// only with overwrite.
func WriteFile(path string, data []byte, perm fs.FileMode, overwrite bool) error {
	return Write(path, data, Options{Perm: perm, Overwrite: overwrite})
}

// Write publishes data at path as o says.
func Write(path string, data []byte, o Options) error {
	return Fill(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}, o)
}

// Fill is Write with the content written by fill, so a large file is
// streamed into place instead of held in memory. On any error the
// temporary file is removed and path is as it was.
func Fill(path string, fill func(io.Writer) error, o Options) error {
	dir := ParentDir(path)
	tmpDir := o.TmpDir
	if tmpDir == "" {
		tmpDir = dir
	}
	gate := o.Gate
	if gate == nil {
		gate = func(_ string, op func() error) error { return op() }
	}
	var tmp *os.File
	err := gate(tmpDir, func() (err error) {
		tmp, err = os.CreateTemp(tmpDir, TempPrefix(filepath.Base(path))+"*")
		return err
	})
	if err != nil {
		return err
	}
	name := tmp.Name()
	defer func() {
		if name != "" {
			os.Remove(name)
		}
	}()
	if err := complete(tmp, fill, o.Perm); err != nil {
		return err
	}
	if o.Check != nil {
		if err := o.Check(); err != nil {
			return err
		}
	}
	unpin := func() {}
	if o.Overwrite {
		unpin = pinInode(path)
	}
	err = gate(dir, func() error { return publish(name, path, o.Overwrite) })
	unpin()
	if err != nil {
		return err
	}
	if o.Overwrite {
		name = "" // renamed: nothing left to remove
	}
	if o.NoDirSync {
		return nil
	}
	return SyncDir(dir)
}

// complete fills, chmods, fsyncs and closes the temporary file.
func complete(tmp *os.File, fill func(io.Writer) error, perm fs.FileMode) error {
	err := fill(tmp)
	if err == nil {
		if err = chmod(tmp, perm); runtime.GOOS == "windows" {
			err = nil // no Unix permission bits to set
		}
	}
	if err == nil {
		err = fsync(tmp)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	return err
}

// ParentDir is the directory of path, "." for a bare name.
func ParentDir(path string) string {
	dir, _ := filepath.Split(path)
	if dir == "" {
		return "."
	}
	return dir
}

func publish(tmp, path string, overwrite bool) error {
	if overwrite {
		return os.Rename(tmp, path)
	}
	err := os.Link(tmp, path)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, fs.ErrExist):
		return fmt.Errorf("%s already exists; refusing to overwrite it: %w", path, fs.ErrExist)
	}
	// No hard links here (some file systems, some platforms): check, then rename.
	if _, statErr := os.Lstat(path); statErr == nil {
		return fmt.Errorf("%s already exists; refusing to overwrite it: %w", path, fs.ErrExist)
	}
	return os.Rename(tmp, path)
}

// SyncDir makes a rename or link in dir durable. Windows cannot fsync a
// directory and orders metadata itself.
func SyncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return fsync(d)
}

// fsync is f.Sync, replaced by tests to see what is synced and when, or to
// fail it.
var fsync = (*os.File).Sync

// chmod is f.Chmod, replaced by tests to fail it.
var chmod = (*os.File).Chmod

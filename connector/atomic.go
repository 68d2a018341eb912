package connector

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
)

// WriteFileAtomic publishes data at path so that a reader sees either no
// file or the whole file: it writes a temporary file in the same directory,
// fsyncs it, publishes it, then fsyncs the directory. With overwrite false
// an existing path is refused (an error wrapping fs.ErrExist) and never
// replaced: the file is published with a hard link, which fails when the
// name exists; where links are unsupported it falls back to a check and a
// rename. With overwrite true it is renamed over the old file.
func WriteFileAtomic(path string, data []byte, perm fs.FileMode, overwrite bool) error {
	if err := writeUnsynced(path, data, perm, overwrite); err != nil {
		return err
	}
	return syncDir(parentDir(path))
}

// writeUnsynced is WriteFileAtomic but for the final fsync of the
// directory, which the caller owes: a resume syncs each directory once for
// all the states it replaced there, before it tells anyone.
func writeUnsynced(path string, data []byte, perm fs.FileMode, overwrite bool) error {
	return writeVia(parentDir(path), path, data, perm, overwrite)
}

// writeVia is writeUnsynced with the temporary file in tmpDir, a directory
// on the same file system ("."+base+".tmp-*" there).
func writeVia(tmpDir, path string, data []byte, perm fs.FileMode, overwrite bool) error {
	return fillVia(tmpDir, path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}, perm, overwrite)
}

// fillVia is writeVia with the content written by fill, so a large file is
// streamed into place instead of held in memory.
func fillVia(tmpDir, path string, fill func(io.Writer) error, perm fs.FileMode, overwrite bool) (err error) {
	dir, base := parentDir(path), filepath.Base(path)
	var tmp *os.File
	err = inDir(tmpDir, func() (err error) {
		tmp, err = os.CreateTemp(tmpDir, "."+base+".tmp-*")
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
	if err := fill(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(perm); err != nil && runtime.GOOS != "windows" {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	unpin := func() {}
	if overwrite {
		unpin = pinInode(path)
	}
	err = inDir(dir, func() error { return publish(name, path, overwrite) })
	unpin()
	if err != nil {
		return err
	}
	if overwrite {
		name = "" // renamed: nothing left to remove
	}
	return nil
}

// parentDir is the directory of path, "." for a bare name.
func parentDir(path string) string {
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

// syncDir makes a rename or link durable. Windows cannot fsync a directory
// and orders metadata itself.
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

package fix

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Write replaces each changed file under root atomically: a temporary file
// in the same directory gets the new bytes and the old mode, is synced and
// renamed over the original. A file that is no longer a regular file, or
// whose bytes changed since they were read, is left alone with an error.
func Write(root string, changes []Change) error {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return err
	}
	for _, c := range changes {
		if err := writeOne(realRoot, filepath.Join(root, filepath.FromSlash(c.Path)), c); err != nil {
			return fmt.Errorf("fixing %s: %w", c.Path, err)
		}
	}
	return nil
}

func writeOne(realRoot, path string, c Change) error {
	// A directory on the way that is a symlink could lead the rename out
	// of the repository; the lint never follows one to a file, nor does this.
	dir, err := filepath.EvalSymlinks(filepath.Dir(path))
	if err != nil {
		return err
	}
	if rel, err := filepath.Rel(realRoot, dir); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("its directory resolves outside the repository")
	}
	info, err := os.Lstat(path)
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("not a regular file any more")
	}
	now, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if !bytes.Equal(now, c.Old) {
		return fmt.Errorf("the file changed while it was being fixed; run the fix again")
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".squadci-fix-*")
	if err != nil {
		return err
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(c.New); err != nil {
		return err
	}
	if err := tmp.Chmod(info.Mode().Perm()); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	done = true
	syncDir(dir)
	return nil
}

// syncDir makes the rename durable; a file system that cannot sync a
// directory has already made it as durable as it can.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

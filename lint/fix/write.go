package fix

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/squadci/squadci/internal/atomicfile"
	"github.com/squadci/squadci/internal/nofollow"
)

// Write replaces each changed file under root atomically (atomicfile): a
// temporary file in the same directory gets the new bytes and the old mode,
// is synced and renamed over the original, and the directory is synced. A file that is no longer a regular file, or
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
	info, err := unchanged(path, c.Old, nil)
	if err != nil {
		return err
	}
	// The temporary file took time to write and sync: an editor that saved
	// meanwhile must keep its edit, so the file is checked once more, as
	// late as the rename allows.
	return atomicfile.Write(path, c.New, atomicfile.Options{
		Perm:      info.Mode().Perm(),
		Overwrite: true,
		TmpDir:    dir,
		Check: func() error {
			if beforePublish != nil {
				beforePublish(path)
			}
			_, err := unchanged(path, c.Old, info)
			return err
		},
	})
}

// beforePublish, when set by a test, runs between writing the temporary
// file and the last check: the window a concurrent edit falls into.
var beforePublish func(path string)

// errConcurrentEdit is the error for a file whose bytes, identity, size or
// modification time are not what the fix read.
var errConcurrentEdit = errors.New("the file changed while it was being fixed (edited concurrently?); it was left as it is now: run the fix again")

// unchanged checks that path is still the regular file the fix read: its
// bytes are old, read without following a link or blocking on a FIFO, and,
// when first is given (the Lstat of the first check), it is the same file
// with the same size and modification time.
func unchanged(path string, old []byte, first os.FileInfo) (os.FileInfo, error) {
	info, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("not a regular file any more")
	}
	if first != nil && (!os.SameFile(first, info) || first.Size() != info.Size() || !first.ModTime().Equal(info.ModTime())) {
		return nil, errConcurrentEdit
	}
	now, err := nofollow.ReadFile(path, int64(len(old)))
	var tl *nofollow.TooLargeError
	switch {
	case errors.As(err, &tl):
		return nil, errConcurrentEdit
	case errors.Is(err, nofollow.ErrNotRegular):
		return nil, fmt.Errorf("not a regular file any more")
	case err != nil:
		return nil, err
	}
	if !bytes.Equal(now, old) {
		return nil, errConcurrentEdit
	}
	return info, nil
}

package connector

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/squadci/squadci/internal/nofollow"
)

// openDirReader opens the directory rel of root for openat reads, after
// checking every component with StatNoFollow; the opened directory must be
// the very one checked.
func openDirReader(root string, fsys ReadFS, rel string) dirReader {
	info, err := StatNoFollow(fsys, rel)
	if err != nil {
		return errDirReader{err}
	}
	if !info.IsDir() {
		return errDirReader{&DiskProblem{Kind: DiskNotDir, At: rel, Mode: info.Mode()}}
	}
	fd, err := syscall.Open(filepath.Join(root, filepath.FromSlash(rel)), syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_NOFOLLOW|syscall.O_CLOEXEC, 0)
	if err != nil {
		return errDirReader{fsError(err)}
	}
	var st syscall.Stat_t
	want, _ := info.Sys().(*syscall.Stat_t)
	if err := syscall.Fstat(fd, &st); err != nil || want == nil || st.Dev != want.Dev || st.Ino != want.Ino {
		syscall.Close(fd)
		return errDirReader{ErrLink}
	}
	return &openatReader{fd: fd}
}

// openatReader reads files relative to an open directory.
type openatReader struct{ fd int }

func (d *openatReader) readFile(name string, limit int64) ([]byte, error) {
	data, err := nofollow.ReadFileAt(d.fd, name, limit)
	var tl *nofollow.TooLargeError
	switch {
	case err == nil:
		return data, nil
	case errors.Is(err, nofollow.ErrNotRegular):
		return nil, ErrLink
	case errors.As(err, &tl):
		return nil, &FileTooLargeError{Size: tl.Size, Limit: tl.Limit}
	}
	return nil, fsError(err)
}

func (d *openatReader) close() { syscall.Close(d.fd) }

// fsError maps an open error to the ReadFS ones: a missing entry is
// fs.ErrNotExist, a final symlink (ELOOP under O_NOFOLLOW) ErrLink.
func fsError(err error) error {
	switch {
	case errors.Is(err, syscall.ENOENT):
		return &os.PathError{Op: "open", Path: "", Err: fs.ErrNotExist}
	case errors.Is(err, syscall.ELOOP), errors.Is(err, syscall.ENOTDIR):
		return ErrLink
	}
	return err
}

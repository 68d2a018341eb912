package connector

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
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
	// O_NONBLOCK: opening a FIFO planted under an exchange name must not hang.
	fd, err := syscall.Openat(d.fd, name, syscall.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, fsError(err)
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return nil, err
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return nil, ErrLink
	}
	if st.Size > limit {
		return nil, &FileTooLargeError{Size: st.Size, Limit: limit}
	}
	buf := make([]byte, 0, st.Size+1)
	for {
		n, err := syscall.Read(fd, buf[len(buf):cap(buf)])
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return buf, nil
		}
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			return nil, &FileTooLargeError{Size: int64(len(buf)), Limit: limit}
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)] // grew while read: make room
		}
	}
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

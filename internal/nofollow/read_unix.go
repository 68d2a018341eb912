//go:build unix

package nofollow

import (
	"errors"
	"io/fs"
	"syscall"
)

// ReadFile reads the regular file at path with one open (never following
// a final symlink, never blocking on a FIFO), one fstat for its type and
// size, and reads until end of file, at most limit+1 bytes so that a file
// growing while read is still caught. It works on the descriptor directly:
// an *os.File costs a poller registration and a finalizer per file, a
// fifth of a whole-repository lint's time.
func ReadFile(path string, limit int64) ([]byte, error) {
	fd, err := openNoFollow(path)
	if err != nil {
		return nil, openError(path, err)
	}
	return readFD(fd, limit)
}

func openNoFollow(path string) (int, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			return fd, err
		}
	}
}

// openError is an open's error: ErrNotRegular for a final symlink (ELOOP
// under O_NOFOLLOW), else a *fs.PathError around the errno.
func openError(path string, err error) error {
	if errors.Is(err, syscall.ELOOP) {
		return ErrNotRegular
	}
	return &fs.PathError{Op: "open", Path: path, Err: err}
}

// readFD reads the open file fd as ReadFile does, and closes it.
func readFD(fd int, limit int64) ([]byte, error) {
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return nil, err
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return nil, ErrNotRegular
	}
	if st.Size > limit {
		return nil, &TooLargeError{Size: st.Size, Limit: limit}
	}
	buf := make([]byte, 0, st.Size+1)
	for {
		n, err := syscall.Read(fd, buf[len(buf):cap(buf)])
		if err == syscall.EINTR {
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
			return nil, &TooLargeError{Size: int64(len(buf)), Limit: limit}
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)] // grew while read: make room
		}
	}
}

//go:build unix

// Package nofollow opens files for reading without following a final
// symlink and without blocking on a FIFO, for every reader of untrusted
// repository paths.
package nofollow

import (
	"errors"
	"os"
	"syscall"
)

// Open opens path read-only; a symlink fails with an error IsSymlink
// recognises (ELOOP), and a FIFO opens without blocking. It is the one
// open ReadFile makes too (openNoFollow), wrapped in an *os.File.
func Open(path string) (*os.File, error) {
	fd, err := openNoFollow(path)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(fd), path), nil
}

// IsSymlink reports whether Open failed because path is a symlink.
func IsSymlink(err error) bool { return errors.Is(err, syscall.ELOOP) }

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
// recognises (ELOOP), and a FIFO opens without blocking.
func Open(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
}

// IsSymlink reports whether Open failed because path is a symlink.
func IsSymlink(err error) bool { return errors.Is(err, syscall.ELOOP) }

//go:build unix

package lint

import (
	"errors"
	"os"
	"syscall"
)

// openNoFollow opens a file for reading without following a final symlink
// (ELOOP) and without blocking on a FIFO.
func openNoFollow(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
}

func isSymlinkError(err error) bool { return errors.Is(err, syscall.ELOOP) }

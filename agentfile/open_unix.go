//go:build unix

package agentfile

import (
	"errors"
	"os"
	"syscall"
)

// openNoFollow opens without following a final symlink and without
// blocking on a FIFO swapped in after the Lstat.
func openNoFollow(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
}

func isSymlinkError(err error) bool { return errors.Is(err, syscall.ELOOP) }

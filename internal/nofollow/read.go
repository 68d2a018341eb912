package nofollow

import (
	"errors"
	"fmt"
)

// ErrNotRegular is ReadFile's error for anything but a regular file: a
// symlink (never followed), a directory, a FIFO, a device or a socket.
var ErrNotRegular = errors.New("not a regular file")

// TooLargeError is ReadFile's error for a file over its limit, by its
// size or by what it grew to while being read.
type TooLargeError struct{ Size, Limit int64 }

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%d bytes, over the %d-byte limit", e.Size, e.Limit)
}

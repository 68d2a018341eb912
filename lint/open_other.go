//go:build !unix

package lint

import (
	"errors"
	"os"
)

var errSymlink = errors.New("symlink")

// openNoFollow refuses a symlink by Lstat before opening; on these systems
// there is no O_NOFOLLOW, so a race can only swap in a regular file.
func openNoFollow(path string) (*os.File, error) {
	info, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if info.Mode()&os.ModeSymlink != 0 {
		return nil, errSymlink
	}
	return os.Open(path)
}

func isSymlinkError(err error) bool { return errors.Is(err, errSymlink) }

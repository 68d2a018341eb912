//go:build !unix

// Package nofollow opens files for reading without following a final
// symlink, for every reader of untrusted repository paths.
package nofollow

import (
	"errors"
	"os"
)

var errSymlink = errors.New("symlink")

// Open refuses a symlink by Lstat before opening: these systems have no
// O_NOFOLLOW, so callers also compare the opened file with the Lstat.
func Open(path string) (*os.File, error) {
	info, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if info.Mode()&os.ModeSymlink != 0 {
		return nil, &os.PathError{Op: "open", Path: path, Err: errSymlink}
	}
	return os.Open(path)
}

// IsSymlink reports whether Open failed because path is a symlink.
func IsSymlink(err error) bool { return errors.Is(err, errSymlink) }

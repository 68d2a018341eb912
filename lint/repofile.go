package lint

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/squadci/squadci/connector"

	"github.com/squadci/squadci/internal/nofollow"
)

// readRepoFile reads a file the repository names (the config, the
// baseline) with one open that never follows a final symlink and never
// blocks on a FIFO, refuses anything but a regular file, and reads at most
// limit bytes: a committed link to /dev/zero or /dev/stdin, or a FIFO,
// must neither exhaust memory nor hang. The error says what the path is.
func readRepoFile(path string, limit int64) ([]byte, error) {
	src, err := nofollow.ReadFile(path, limit)
	if err == nil {
		return src, nil
	}
	var tl *nofollow.TooLargeError
	switch {
	case errors.As(err, &tl):
		return nil, fmt.Errorf("file is larger than %s", byteSize(limit))
	case errors.Is(err, nofollow.ErrNotRegular):
		return nil, fmt.Errorf("%s, not a regular file; squadci never follows a link here or reads a device, FIFO or socket", describeKind(path))
	}
	return nil, errors.New(describeOSError(err))
}

// describeKind names what is at path, by Lstat: "a symlink to /dev/zero",
// "a FIFO", "a directory".
func describeKind(path string) string {
	info, err := os.Lstat(path)
	if err != nil {
		return "not readable"
	}
	switch m := info.Mode(); {
	case m&fs.ModeSymlink != 0:
		if to, err := os.Readlink(path); err == nil {
			return fmt.Sprintf("a symlink (to %s)", to)
		}
		return "a symlink"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a regular file"
}

// lexists reports whether anything, a dangling or hostile link included,
// is at path: a default config location that is a link is found, and then
// refused, rather than silently skipped or followed.
func lexists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// checkRepoDirs refuses a path inside root whose folders are reached
// through a link, junction or file: the nofollow open guards only the
// last component. A folder that does not exist is left to the read. A path
// outside root (named on the command line) is not checked.
func checkRepoDirs(root, path string) error {
	if root == "" {
		return nil
	}
	rel, err := filepath.Rel(root, filepath.Dir(path))
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil
	}
	_, err = connector.StatNoFollow(connector.DirFS(root), filepath.ToSlash(rel))
	var dp *connector.DiskProblem
	if errors.As(err, &dp) && dp.Kind != connector.DiskMissing {
		return fmt.Errorf("%s is in the way: %v", dp.At, err)
	}
	return nil
}

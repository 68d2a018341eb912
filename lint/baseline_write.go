package lint

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/squadci/squadci/connector"
)

// WriteBaseline publishes b at path atomically: a temporary file in the
// same folder, renamed over the old baseline, so a reader sees the old or
// the new file whole. A path that is a symlink (a committed link could
// lead the write out of the repository) or anything but a regular file is
// refused and left untouched.
func WriteBaseline(path string, b *Baseline) error {
	return WriteBaselineIn("", path, b)
}

// WriteBaselineIn is WriteBaseline for a run over the repository at root:
// a path inside root must also be reached through real directories, so a
// committed link to a folder outside cannot take the write there. A path
// outside root (the user's own choice, say /tmp) is not checked further.
func WriteBaselineIn(root, path string, b *Baseline) error {
	if err := checkBaselineDir(root, path); err != nil {
		return err
	}
	if info, err := os.Lstat(path); err == nil && !info.Mode().IsRegular() {
		return fmt.Errorf("%s is %s, not a regular file; squadci never writes through a link: remove it, or name another file", path, describeKind(path))
	}
	return connector.WriteFileAtomic(path, b.Marshal(), 0o644, true)
}

// checkBaselineDir refuses a baseline path inside root whose folder is
// reached through a link, junction or file; a folder that does not exist
// is left to the write, which says so.
func checkBaselineDir(root, path string) error {
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
		return fmt.Errorf("%s: %s is in the way: %v; squadci never writes through a link", path, dp.At, err)
	}
	return nil
}

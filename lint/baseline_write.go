package lint

import (
	"fmt"
	"os"

	"github.com/squadci/squadci/internal/atomicfile"
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
	if err := checkRepoDirs(root, path); err != nil {
		return fmt.Errorf("%s: %v; squadci never writes through a link", path, err)
	}
	if info, err := os.Lstat(path); err == nil && !info.Mode().IsRegular() {
		return fmt.Errorf("%s is %s, not a regular file; squadci never writes through a link: remove it, or name another file", path, describeKind(path))
	}
	return atomicfile.WriteFile(path, b.Marshal(), 0o644, true)
}

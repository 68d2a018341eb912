package connector

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// CheckRepoPath checks the spelling of a repository-relative path a
// command is told to use (`endpoint adapt --path`) or is about to create:
// relative, '/'-separated, inside the repository (no ".." component) and
// not under .git, where git keeps what it runs. A trailing '/' is allowed.
func CheckRepoPath(rel string) error {
	trimmed := strings.TrimSuffix(rel, "/")
	switch {
	case trimmed == "":
		return errors.New("the path is empty; name a file or directory inside the repository")
	case trimmed == ".":
		return errors.New("the path is the repository root itself; name a file or directory inside it")
	case strings.HasPrefix(rel, "/") || filepath.IsAbs(rel) || filepath.VolumeName(rel) != "":
		return errors.New("the path is absolute; name it relative to the repository root")
	case strings.ContainsRune(rel, '\\'):
		return errors.New("the path has a '\\'; separate its components with '/'")
	}
	for _, c := range strings.Split(trimmed, "/") {
		switch {
		case c == "..":
			return errors.New("the path leaves the repository (a \"..\" component)")
		case c == "" || c == ".":
			return fmt.Errorf("the path is not in its clean form (%s); write it without empty or \".\" components", path.Clean(trimmed))
		case strings.EqualFold(c, ".git"):
			return errors.New("the path is under .git, which squadci never writes or adapts")
		case strings.IndexFunc(c, func(r rune) bool { return r < 0x20 || r == 0x7f }) >= 0:
			return errors.New("the path has a control character")
		}
	}
	return nil
}

// CheckCreatable refuses to create rel under root unless CheckRepoPath
// accepts it, every component that exists is a real directory (never a
// symlink, junction or special file: a committed link to a folder outside
// would take the write there; the error wraps ErrLink), and rel itself
// does not exist (the error wraps fs.ErrExist).
func CheckCreatable(root, rel string) error {
	if err := CheckRepoPath(rel); err != nil {
		return fmt.Errorf("%s: %w", rel, err)
	}
	_, err := StatNoFollow(DirFS(root), rel)
	var dp *DiskProblem
	switch {
	case err == nil:
		return fmt.Errorf("%s already exists; refusing to overwrite it (nothing was written): %w", rel, fs.ErrExist)
	case errors.As(err, &dp) && dp.Kind == DiskMissing:
		return nil
	case errors.As(err, &dp) && dp.At == strings.TrimSuffix(rel, "/") && (dp.Kind == DiskNotRegular || dp.Kind == DiskLink):
		return fmt.Errorf("%s already exists (%s); refusing to overwrite it (nothing was written): %w", rel, describeMode(dp.Mode), fs.ErrExist)
	case errors.As(err, &dp):
		return fmt.Errorf("%s: %s is in the way: %w; nothing was written", rel, dp.At, err)
	}
	return fmt.Errorf("checking %s: %w", rel, err)
}

// CreateFile writes a new file at rel under root, atomically and never
// over an existing one, after CheckCreatable: its directories are made
// one at a time, each checked to be a real directory once it exists, so a
// link placed on the way is refused rather than written through.
func CreateFile(root, rel string, data []byte, perm fs.FileMode) error {
	if err := CheckCreatable(root, rel); err != nil {
		return err
	}
	if dir := path.Dir(rel); dir != "." {
		if err := makeRealDirs(root, dir); err != nil {
			return fmt.Errorf("%s: %w", rel, err)
		}
	}
	if err := writeAtomic(filepath.Join(root, filepath.FromSlash(rel)), data, perm, false); err != nil {
		return fmt.Errorf("writing %s: %w", rel, err)
	}
	return nil
}

// makeRealDirs creates the '/'-separated directory dir under root one
// component at a time and checks each with Lstat: a directory that exists
// must be a real one, never a link.
func makeRealDirs(root, dir string) error {
	parts := strings.Split(dir, "/")
	for i := range parts {
		prefix := strings.Join(parts[:i+1], "/")
		abs := filepath.Join(root, filepath.FromSlash(prefix))
		if err := os.Mkdir(abs, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return err
		}
		info, err := os.Lstat(abs)
		if err != nil {
			return err
		}
		switch m := info.Mode(); {
		case m.IsRegular():
			return fmt.Errorf("%s is a file, not a directory", prefix)
		case !m.IsDir() || isReparsePoint(info):
			return fmt.Errorf("%s is %s, not a directory; links are never followed", prefix, describeMode(m))
		}
	}
	return nil
}

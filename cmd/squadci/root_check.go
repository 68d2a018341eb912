package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// existingRoot is repoRoot for the commands that read a repository (poll,
// resume, connector status, connector paths): a --root that does not exist
// or is no directory is a usage error naming it, never an empty repository
// that passes.
func (c *Command) existingRoot(flagRoot string) (string, error) {
	root, err := c.repoRoot(flagRoot)
	if err != nil || flagRoot == "" {
		return root, err
	}
	if err := checkDir(root); err != nil {
		return "", fmt.Errorf("--root %s: %v (give the repository root, or leave --root out to use the git top-level)", flagRoot, err)
	}
	return root, nil
}

// checkDir says why path cannot serve as a root: missing, or not a
// directory (a symlink to a directory is fine: it is what the user named).
func checkDir(path string) error {
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return errors.New("no such directory")
	case err != nil:
		return err
	case !info.IsDir():
		return errors.New("not a directory")
	}
	return nil
}

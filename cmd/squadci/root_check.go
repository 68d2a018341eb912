package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/squadci/squadci/connector"
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

// openManifests resolves an existing root and loads its manifests for the
// read-only connector commands. On failure it has printed why and returns
// the exit code (usage for a bad root, else the load error's).
func (c *Command) openManifests(flagRoot string) (string, []*connector.Manifest, int) {
	root, err := c.existingRoot(flagRoot)
	if err != nil {
		return "", nil, c.usageError(err)
	}
	ms, _, _, err := connector.LoadManifests(context.Background(), connector.DirFS(root))
	if err != nil {
		return "", nil, c.connectorError(err)
	}
	return root, ms, exitOK
}

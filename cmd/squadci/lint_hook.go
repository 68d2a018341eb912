package main

import (
	"errors"

	"github.com/squadci/squadci/lint"
)

// hookSource is the source of `lint --hook`: the PATHs are the file list a
// hook framework hands over (pre-commit passes every file of the commit, or
// every tracked file with --all-files), not files a user named. They are
// filtered like the staged files of `lint --staged`: one that discovery
// would not check is skipped silently (no SQ004), and the root is never a
// PATH but --root, else the git top-level, else the working directory, so
// the configuration, manifests and mailboxes the lint reads as context are
// the repository's. The work tree is read: pre-commit stashes unstaged
// changes, so during a commit it holds what is staged.
func (c *Command) hookSource(f lintFlags, positional []string) (*lintSource, int) {
	if f.staged {
		return nil, c.usageError(errors.New("--hook lints the files a hook framework lists; it takes no --staged (which lists the staged files itself)"))
	}
	root := f.root
	if root == "" {
		wd, err := c.workDir()
		if err != nil {
			return nil, c.usageError(err)
		}
		if root = gitTopLevel(wd); root == "" {
			root = wd
		}
	}
	root, targets, _, err := c.resolveLintRoot(root, positional)
	if err != nil {
		return nil, c.usageError(err)
	}
	for _, t := range targets {
		if t == "./" || t[len(t)-1] == '/' {
			return nil, c.usageError(errors.New("--hook takes the files a hook framework lists, not directories"))
		}
	}
	return &lintSource{root: root, files: &lint.DiskFiles{Root: root, ListOnce: true}, targets: targets, nothingListed: len(targets) == 0}, exitOK
}

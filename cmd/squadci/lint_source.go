package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/squadci/squadci/hooks"
	"github.com/squadci/squadci/lint"
)

// lintSource is what a lint run reads: the work tree, or the git index.
type lintSource struct {
	root          string
	files         lint.Files
	targets       []string
	index         *hooks.IndexFiles // set with --staged
	nothingStaged bool
	nothingListed bool // --hook with no PATH
	named         bool // the targets are command-line arguments
	explicitRoot  bool // the root was given (--root, or a single directory argument)
}

// lintSource resolves the root, the files and the targets of a run.
func (c *Command) lintSource(f lintFlags, positional []string) (*lintSource, int) {
	if f.hook {
		return c.hookSource(f, positional)
	}
	if !f.staged {
		root, targets, explicit, err := c.resolveLintRoot(f.root, positional)
		if err != nil {
			return nil, c.usageError(err)
		}
		return &lintSource{root: root, files: &lint.DiskFiles{Root: root}, targets: targets, named: true, explicitRoot: explicit}, exitOK
	}
	if len(positional) > 0 || f.root != "" {
		return nil, c.usageError(errors.New("--staged lints what is staged in the repository of the working directory; it takes no paths and no --root"))
	}
	wd, err := c.workDir()
	if err != nil {
		return nil, c.usageError(err)
	}
	st, err := hooks.OpenStaged(context.Background(), wd)
	if err != nil {
		return nil, c.usageError(fmt.Errorf("--staged needs a git work tree: %v", err))
	}
	return &lintSource{root: st.Top, files: st.Index, targets: st.Paths, index: st.Index, nothingStaged: len(st.Paths) == 0}, exitOK
}

// config loads the configuration: from --config on disk when given, else
// from the default locations — in the index for --staged, so the commit is
// judged by the configuration it carries.
func (s *lintSource) config(path string) (*lint.Config, error) {
	if s.index == nil || path != "" {
		return lint.LoadConfig(s.root, path)
	}
	name, err := lint.FindConfig(func(rel string) bool {
		_, err := s.index.Read(rel, 0)
		return !errors.Is(err, fs.ErrNotExist)
	})
	if err != nil {
		return nil, err
	}
	if name != "" {
		src, err := s.index.Read(name, 1<<20)
		if err != nil {
			return nil, &lint.ConfigError{Path: name, Message: "cannot read config from the index: " + err.Error()}
		}
		return lint.ParseConfig(name, src)
	}
	return &lint.Config{}, nil
}

func (s *lintSource) close() {
	if s.index != nil {
		s.index.Close()
	}
}

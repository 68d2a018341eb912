package main

import (
	"context"
	"fmt"

	"github.com/squadci/squadci/hooks"
	"github.com/squadci/squadci/lint"
)

// revisionLint is the lint of a revision's tree for --new-from-rev, run
// beside the lint of the work tree.
type revisionLint struct {
	done chan struct{}
	res  *lint.Result
	err  error
}

// startRevisionLint starts linting the tree of rev with the run's options.
// Git's rename detection (the costly step of resolving a revision) runs
// beside it too: the tree is linted as if nothing was renamed, and again
// with the renames only when git finds some, since a renamed file must be
// linted under its path of now. With --fix the renames are found first,
// before the fix changes the files git compares.
func startRevisionLint(rev *lint.Revision, opts lint.Options, fixing bool) (*revisionLint, error) {
	ctx := context.Background()
	if fixing {
		if err := rev.FindRenames(ctx); err != nil {
			return nil, err
		}
	}
	r := &revisionLint{done: make(chan struct{})}
	go func() {
		defer close(r.done)
		if fixing {
			r.res, r.err = lintRevision(ctx, rev, rev.Renames, opts)
			return
		}
		found := make(chan error, 1)
		go func() { found <- rev.FindRenames(ctx) }()
		res, err := lintRevision(ctx, rev, nil, opts)
		if ferr := <-found; ferr != nil {
			r.err = ferr
			return
		}
		if len(rev.Renames) > 0 {
			res, err = lintRevision(ctx, rev, rev.Renames, opts)
		}
		r.res, r.err = res, err
	}()
	return r, nil
}

// wait returns the lint of the revision once it is done.
func (r *revisionLint) wait() (*lint.Result, error) {
	<-r.done
	return r.res, r.err
}

// lintRevision lints the tree of the revision, read from git objects (no
// checkout), with the run's configuration and targets; renamed files are
// read under their paths of now, so their findings keep their identities.
func lintRevision(ctx context.Context, rev *lint.Revision, renames map[string]string, opts lint.Options) (*lint.Result, error) {
	files, err := hooks.OpenRev(ctx, rev.Top, rev.Commit, renames)
	if err != nil {
		return nil, &lint.ConfigError{Path: "--new-from-rev", Message: fmt.Sprintf("cannot read the tree of %s: %v", rev.Rev, err)}
	}
	defer files.Close()
	opts.Files = lint.SubFiles{Inner: files, Prefix: rev.Prefix}
	opts.Named = false // a target the revision lacks is no error there
	return lint.Lint(ctx, opts)
}

package main

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/squadci/squadci/hooks"
	"github.com/squadci/squadci/lint"
	"github.com/squadci/squadci/lint/report"
)

// revisionLint is the lint of a revision's tree for --new-from-rev, run
// beside the lint of the work tree.
type revisionLint struct {
	done chan struct{}
	res  *lint.Result
	err  error
}

// startRevisionLint starts linting the tree of rev with the run's options,
// beside the lint of the work tree: the tree is linted as if nothing was
// renamed, git's rename detection then looks only at the deleted files
// with findings there, and the tree is linted again with the renames only
// when git finds some, since a renamed file must be linted under its path
// of now. With --fix every rename is found first, before the fix changes the
// files git compares.
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
		type changes struct {
			added, deleted []string
			err            error
		}
		listed := make(chan changes, 1)
		go func() {
			a, d, err := rev.AddedAndDeleted(ctx)
			listed <- changes{a, d, err}
		}()
		res, err := lintRevision(ctx, rev, nil, opts)
		ch := <-listed
		if err == nil {
			err = ch.err
		}
		if err != nil {
			r.err = err
			return
		}
		// A rename matters only to a deleted file the revision has findings
		// in: its findings must keep their identities under the path of
		// now. Git compares just those files with the files added since,
		// not every added file with every deleted one, and is not run when
		// there are none.
		if ferr := rev.FindRenamesFrom(ctx, deletedWithFindings(rev.Prefix, res, ch.deleted), ch.added); ferr != nil {
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

// deletedWithFindings are the deleted files (top-relative) that res has
// findings in, sorted.
func deletedWithFindings(prefix string, res *lint.Result, deleted []string) []string {
	gone := map[string]bool{}
	for _, p := range deleted {
		gone[p] = true
	}
	seen := map[string]bool{}
	for _, f := range report.Ungroup(res.Run.Findings) {
		if p := prefix + f.Path; f.Path != "" && gone[p] {
			seen[p] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
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

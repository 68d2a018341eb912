package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/squadci/squadci/hooks"
	"github.com/squadci/squadci/lint"
	"github.com/squadci/squadci/lint/report"
)

// revisionLint is the lint of a revision's tree for --new-from-rev, run
// beside the lint of the work tree.
type revisionLint struct {
	rev    *lint.Revision
	fixing bool // every rename was found before the lint
	opts   lint.Options
	done   chan struct{}
	res    *lint.Result
	files  lint.Files // the revision's files, for sizes (nil after an error)
	close  func()     // closes them
	err    error
}

// startRevisionLint starts linting the tree of rev with the run's options,
// beside the lint of the work tree. Without --fix the tree is linted as if
// nothing was renamed, and settle then looks for renames only when a file
// the revision has findings in is gone from the work tree's lint. With
// --fix every rename is found first, before the fix changes the files git
// compares.
func startRevisionLint(rev *lint.Revision, opts lint.Options, fixing bool) (*revisionLint, error) {
	ctx := context.Background()
	if fixing {
		if err := rev.FindRenames(ctx); err != nil {
			return nil, err
		}
	}
	r := &revisionLint{rev: rev, fixing: fixing, opts: opts, done: make(chan struct{})}
	go func() {
		defer close(r.done)
		r.res, r.files, r.close, r.err = lintRevision(ctx, rev, rev.Renames, opts)
	}()
	return r, nil
}

// wait returns the lint of the revision once it is done, and closes its
// files.
func (r *revisionLint) wait() (*lint.Result, error) {
	<-r.done
	if r.close != nil {
		r.close()
		r.close = nil
	}
	return r.res, r.err
}

// settle returns the revision's lint with renames taken into account,
// given the work tree's lint (head) of the root (a folder of top, the
// index with staged). A rename matters only from a file the revision has
// findings in that the work tree no longer has, to an added file the work
// tree's lint has findings in: the old findings must keep their
// identities under the path of now. Git's rename detection compares just
// those files (and only pairs of sizes it could call similar), and is not
// run when there are none (most runs); the revision is linted again only
// when it finds a rename. Other renames would change no comparison, but
// for a cross-file finding at the revision that a moved name would change.
func (r *revisionLint) settle(ctx context.Context, head *lint.Result, headFiles lint.Files, root string, staged bool) (*lint.Result, error) {
	<-r.done
	defer r.wait()
	res, err := r.res, r.err
	if err != nil || r.fixing {
		return res, err
	}
	deleted, added, err := r.changes(ctx, head, res, root, staged)
	added = similarInSize(r.rev.Prefix, deleted, r.files, withFindings(r.rev.Prefix, head, added), headFiles)
	if err != nil {
		return nil, err
	}
	if err := r.rev.FindRenamesFrom(ctx, deleted, added); err != nil {
		return nil, err
	}
	if len(r.rev.Renames) == 0 {
		return res, nil
	}
	res, _, done, err := lintRevision(ctx, r.rev, r.rev.Renames, r.opts)
	if done != nil {
		done()
	}
	return res, err
}

// withFindings keeps the added files (top-relative) that the work tree's
// lint has findings in: a revision's finding carried to a file's new path
// can only match a finding there.
func withFindings(prefix string, head *lint.Result, added []string) []string {
	paths := findingPaths(head)
	var out []string
	for _, a := range added {
		if rel, ok := strings.CutPrefix(a, prefix); ok && listed(paths, rel) {
			out = append(out, a)
		}
	}
	return out
}

// similarInSize keeps the added files (top-relative) that git's rename
// detection could pair with one of the deleted ones: git gives up on a
// pair whose smaller file is under half the larger (-M's 50% similarity
// cannot be reached: diffcore-rename's estimate_similarity). The sizes
// here are the work tree's, which line-ending conversion may change, so a
// pair is dropped only when one is over four times the other; a size that
// cannot be read keeps the file.
func similarInSize(prefix string, deleted []string, revFiles lint.Files, added []string, headFiles lint.Files) []string {
	if len(deleted) == 0 || revFiles == nil || headFiles == nil {
		return added
	}
	var from []int64
	for _, d := range deleted {
		n, ok := fileSize(revFiles, strings.TrimPrefix(d, prefix))
		if !ok {
			return added
		}
		from = append(from, n)
	}
	var out []string
	for _, a := range added {
		n, ok := fileSize(headFiles, strings.TrimPrefix(a, prefix))
		if !ok || slices.ContainsFunc(from, func(m int64) bool { return 4*min(n, m) >= max(n, m) }) {
			out = append(out, a)
		}
	}
	return out
}

// fileSize is the size of a root-relative file, asked without reading
// it: a read of at most 0 bytes fails with the size.
func fileSize(files lint.Files, rel string) (int64, bool) {
	_, err := files.Read(rel, 0)
	var tl *lint.TooLargeError
	switch {
	case err == nil:
		return 0, true
	case errors.As(err, &tl):
		return tl.Size, true
	}
	return 0, false
}

// changes lists (top-relative) the files of the revision with findings
// that the work tree's lint does not have, and, when there are some, the
// files it has that the revision lacks. From the two runs' listings when
// both listed the whole root; otherwise (a narrowed run) git lists the
// files added and deleted since the revision.
func (r *revisionLint) changes(ctx context.Context, head, base *lint.Result, root string, staged bool) (deleted, added []string, err error) {
	if head.Listed == nil || base.Listed == nil {
		a, d, err := r.rev.AddedAndDeleted(ctx)
		if err != nil {
			return nil, nil, err
		}
		// A target added since may be a file renamed since, whose old path
		// is no target, so has no findings at the revision: then every
		// deleted file is compared with the added ones.
		for _, p := range a {
			if rel, ok := strings.CutPrefix(p, r.rev.Prefix); ok && lint.PathUnder(r.opts.Targets, rel) {
				return d, a, nil
			}
		}
		return deletedWithFindings(r.rev.Prefix, base, d), a, nil
	}
	for _, p := range findingPaths(base) {
		if !listed(base.Listed, p) {
			continue // no file of the revision: the root, a folder
		}
		// A file still in the index but deleted from the work tree is
		// listed (git ls-files --cached) yet gone.
		if !listed(head.Listed, p) || !staged && !onDisk(root, p) {
			deleted = append(deleted, r.rev.Prefix+p)
		}
	}
	if len(deleted) == 0 {
		return nil, nil, nil
	}
	for _, p := range head.Listed {
		if !listed(base.Listed, p) {
			added = append(added, r.rev.Prefix+p)
		}
	}
	return deleted, added, nil
}

// findingPaths are the paths the run's findings are on, sorted.
func findingPaths(res *lint.Result) []string {
	seen := map[string]bool{}
	for _, f := range report.Ungroup(res.Run.Findings) {
		if f.Path != "" {
			seen[f.Path] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// listed reports whether the sorted listing holds p.
func listed(sorted []string, p string) bool {
	i := sort.SearchStrings(sorted, p)
	return i < len(sorted) && sorted[i] == p
}

// onDisk reports whether the root-relative path names something in the
// work tree (a file, or a link, not followed).
func onDisk(root, p string) bool {
	_, err := os.Lstat(filepath.Join(root, filepath.FromSlash(p)))
	return err == nil || !errors.Is(err, fs.ErrNotExist)
}

// deletedWithFindings are the deleted files (top-relative) that res has
// findings in, sorted.
func deletedWithFindings(prefix string, res *lint.Result, deleted []string) []string {
	gone := map[string]bool{}
	for _, p := range deleted {
		gone[p] = true
	}
	var out []string
	for _, p := range findingPaths(res) {
		if gone[prefix+p] {
			out = append(out, prefix+p)
		}
	}
	return out
}

// lintRevision lints the tree of the revision, read from git objects (no
// checkout), with the run's configuration and targets; renamed files are
// read under their paths of now, so their findings keep their identities.
// The files stay open for the caller, who closes them with done.
func lintRevision(ctx context.Context, rev *lint.Revision, renames map[string]string, opts lint.Options) (res *lint.Result, files lint.Files, done func(), err error) {
	rf, err := hooks.OpenRev(ctx, rev.Top, rev.Commit, renames)
	if err != nil {
		return nil, nil, nil, &lint.ConfigError{Path: "--new-from-rev", Message: fmt.Sprintf("cannot read the tree of %s: %v", rev.Rev, err)}
	}
	done = func() { rf.Close() }
	opts.Files = lint.SubFiles{Inner: rf, Prefix: rev.Prefix}
	opts.Named = false // a target the revision lacks is no error there
	if res, err = lint.Lint(ctx, opts); err != nil {
		done()
		return nil, nil, nil, err
	}
	return res, opts.Files, done, nil
}

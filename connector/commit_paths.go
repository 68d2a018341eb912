package connector

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// CommitPaths is what a scheduled run wrote that a workflow commits back:
// the paths to give `git add`, and the notes on what was left out.
type CommitPaths struct {
	// Paths are repository-relative directories that exist as real
	// directories (no symlink on the way, so git accepts them), sorted,
	// none inside another and none inside .git.
	Paths []string
	// Skipped says why an existing root was left out.
	Skipped []string
}

// ListCommitPaths lists every manifest's mailbox (requests, snapshots,
// results, claims, private state and anything archived inside it) and the
// deliverable roots of every task the shim dispatched that is still in a
// mailbox. A task counts as dispatched when its private state pins the
// request's hash: a request without state, or one edited since, names roots
// nobody trusted, so they are skipped. Roots that do not exist yet (the
// adapter has not run) are left out silently: a missing pathspec makes
// `git add` fail. It writes nothing.
func ListCommitPaths(ctx context.Context, fsys ReadFS, ms []*Manifest) (*CommitPaths, error) {
	ix := NewMailboxIndex(ms)
	out := &CommitPaths{}
	var candidates []string
	for _, dir := range ix.Dirs() {
		if dir != DropRoot {
			candidates = append(candidates, dir)
		}
	}
	loaded, err := LoadExchanges(ctx, fsys, ix)
	if err != nil {
		return nil, err
	}
	for _, x := range loaded.Exchanges {
		roots, skip := dispatchedRoots(x)
		candidates = append(candidates, roots...)
		if skip != "" {
			out.Skipped = append(out.Skipped, skip)
		}
	}
	for _, p := range candidates {
		p = strings.TrimSuffix(p, "/")
		switch why := commitable(fsys, p); why {
		case "":
			out.Paths = append(out.Paths, p)
		case errMissing:
		default:
			out.Skipped = append(out.Skipped, fmt.Sprintf("%s: %s", p, why))
		}
	}
	out.Paths = outermost(out.Paths)
	return out, nil
}

const errMissing = "missing"

// dispatchedRoots returns the deliverable roots of a task the shim
// dispatched, or why a task's roots are not trusted.
func dispatchedRoots(x *Exchange) (roots []string, skipped string) {
	if x.Example || x.Request == nil || x.Request.Src == nil {
		return nil, ""
	}
	if x.State == nil || x.State.Src == nil {
		return nil, fmt.Sprintf("task %s: no readable state (not dispatched by the shim); its deliverable roots are not listed", x.TaskID)
	}
	st, _ := ParseState(x.State.Path, x.State.Src)
	if st == nil || st.RequestSha256 != SHA256Hex(x.Request.Src) {
		return nil, fmt.Sprintf("task %s: the request is not the one its state pins; its deliverable roots are not listed", x.TaskID)
	}
	req, _ := ParseRequest(x.Request.Path, x.Request.Src)
	if req == nil {
		return nil, ""
	}
	return req.Roots(), ""
}

// commitable returns "" for a path git add takes: safe, outside .git, and
// an existing directory reached without a link. errMissing means it does
// not exist (yet).
func commitable(fsys FS, p string) string {
	if reason, ok := CheckSafePath(p, true); !ok {
		return "the path is unsafe: " + reason
	}
	for seg := range strings.SplitSeq(p, "/") {
		if strings.EqualFold(seg, ".git") {
			return "it lies in .git"
		}
	}
	info, err := StatNoFollow(fsys, p)
	var dp *DiskProblem
	switch {
	case errors.As(err, &dp) && dp.Kind == DiskMissing:
		return errMissing
	case err != nil:
		return err.Error()
	case !info.IsDir():
		return "it is a file, not a directory"
	}
	return ""
}

// outermost sorts paths, drops repeats and every path inside another.
func outermost(paths []string) []string {
	set := make(map[string]bool, len(paths))
	for _, p := range paths {
		set[p] = true
	}
	var out []string
	for p := range set {
		if !hasAncestorIn(set, p) {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// hasAncestorIn reports whether a proper parent directory of p is in set.
func hasAncestorIn(set map[string]bool, p string) bool {
	for i := range len(p) {
		if p[i] == '/' && set[p[:i]] {
			return true
		}
	}
	return false
}

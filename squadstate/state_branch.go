package squadstate

import (
	"sort"

	"github.com/squadci/squadci/lint/diag"
)

// branchBackends are the stateBackend values that move decisions.md and
// agents/*/history.md onto the `squad-state` branch (Squad's init lifts them
// there: liftInitMutableStateOntoOrphan), so they are absent from the work
// tree by design.
var branchBackends = map[string]bool{"orphan": true, "two-layer": true}

// stateBackend is config.json's stateBackend when it keeps state on the
// squad-state branch, else "".
func (t *squadTeam) branchBackend() string {
	if t.config == nil {
		return ""
	}
	if sb := t.config.Get("stateBackend"); sb != nil && branchBackends[sb.Str] {
		return sb.Str
	}
	return ""
}

// stateFile says where a state file the work tree lacks is: on the
// squad-state branch (onBranch), or unknown because the branch cannot be
// read (unread); both false means it is missing for this squad.
func (c *checker) stateFile(t *squadTeam, rel string) (onBranch, unread bool) {
	if t.branchBackend() == "" {
		return false, false
	}
	if c.branchPaths == nil {
		c.branchPaths, c.branchRead = []string{}, false
		if c.repo.StateBranch != nil {
			if ps, ok := c.repo.StateBranch(); ok {
				c.branchPaths, c.branchRead = append([]string(nil), ps...), true
				sort.Strings(c.branchPaths)
			}
		}
	}
	if !c.branchRead {
		return false, true
	}
	i := sort.SearchStrings(c.branchPaths, rel)
	return i < len(c.branchPaths) && c.branchPaths[i] == rel, false
}

// unreadBranchNote is the note a check leaves instead of "missing" when
// the file lives on a squad-state branch it cannot read.
func unreadBranchNote(r *diag.Rule, t *squadTeam, path string, span diag.Span, rel string) diag.Diagnostic {
	d := r.At(path, span, "stateBackend %s keeps %s on the squad-state branch, which this run cannot read (no git, "+
		"an index-only run, or the branch is not fetched): not checked", t.branchBackend(), rel)
	d.Severity = diag.SeverityNote
	return d
}

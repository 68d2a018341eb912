package connector

import (
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/squadci/squadci/lint/diag"
)

// nextState renders the state a decision moves the task to, or nil when
// the current state cannot be carried forward: it is missing or has errors
// of its own, or the new one would not pass the state rules (a result that
// could not be read cannot be hashed, so it is not consumed). Everything
// the shim pinned at dispatch is copied byte for byte from the old state;
// only attempts, status, consumed, resultSha256, reason and updatedAt move.
func nextState(c *Checked, d TaskDecision, now time.Time) (*StateFile, []byte) {
	st := c.State
	if st == nil || st.Doc == nil || st.Doc.Root == nil || stateHasOwnErrors(c) {
		return nil, nil
	}
	// An awaiting state without errors has no consumed result, reason or
	// notification to carry over.
	next := stateFileFrom(st)
	next.Attempts, next.Status, next.UpdatedAt = d.Attempts, d.Status, FormatTimestamp(now)
	if !st.CreatedAt.IsZero() && now.Before(st.CreatedAt) {
		next.UpdatedAt = next.CreatedAt // a clock behind the dispatcher's never dates an update before creation
	}
	switch d.Status {
	case StatusFailed:
		next.Reason = d.Reason
		if d.Reason == ReasonTampered || d.Reason == ReasonInvalidResult {
			next.Reason = FormatReason(d.Reason, d.Rules)
		}
	case StatusUnreachable:
		next.Reason = d.Reason
	}
	if consumes(d) {
		r := c.Exchange.Result
		if r == nil || r.Src == nil {
			return nil, nil
		}
		next.Consumed, next.ResultSha256 = true, sha256Hex(r.Src)
	}
	data := next.Encode()
	if _, ds := ParseState(st.Path, data); hasError(ds) {
		return nil, nil
	}
	return next, data
}

// consumes reports a decision that consumes the task's result: it
// completed, or failed on its result (invalid or a producer failure).
func consumes(d TaskDecision) bool {
	return d.Status == StatusCompleted ||
		d.Status == StatusFailed && (d.Reason == ReasonInvalidResult || d.Reason == ReasonProducerFailed)
}

// stateHasOwnErrors reports errors in the state file itself (its JSON,
// fields and consistency), as opposed to what the exchange rules find when
// comparing it with the other files.
func stateHasOwnErrors(c *Checked) bool {
	for _, d := range c.Diagnostics {
		if d.Path != c.State.Path || d.Severity != diag.SeverityError {
			continue
		}
		if r, ok := diag.Lookup(d.Rule); !ok || r.Domain != "exchange" {
			return true
		}
	}
	return false
}

func hasError(ds []diag.Diagnostic) bool {
	for _, d := range ds {
		if d.Severity == diag.SeverityError {
			return true
		}
	}
	return false
}

// listingFS lists like its ReadFS but reads nothing, so LoadExchanges only
// groups the mailboxes' files: Resume and Poll read each task's files
// themselves, in parallel and (for a resume) again under the task's lock.
// It remembers the entries of every .squad-connector/ directory, where
// locks and the temporary files of killed processes are found.
type listingFS struct {
	ReadFS
	mu           sync.Mutex
	stateEntries []string
}

// ReadFile implements ReadFS: every file reads as empty.
func (l *listingFS) ReadFile(string, int64) ([]byte, error) { return []byte{}, nil }

// ReadDir implements ReadFS, recording the entries of state directories.
func (l *listingFS) ReadDir(rel string) ([]fs.DirEntry, error) {
	es, err := l.ReadFS.ReadDir(rel)
	if err != nil || path.Base(rel)+"/" != stateDir {
		return es, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, e := range es {
		if !e.IsDir() {
			l.stateEntries = append(l.stateEntries, rel+"/"+e.Name())
		}
	}
	return es, nil
}

func sortItems(items []resumeItem) {
	slices.SortFunc(items, func(a, b resumeItem) int {
		if c := strings.Compare(a.mailbox, b.mailbox); c != 0 {
			return c
		}
		return strings.Compare(a.taskID, b.taskID)
	})
}

package connector

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Merge brings shard outputs (trees laid out like the repository, one per
// runner) into the checkout (scale.md "Merge is a union of task-owned
// files"). What a shard may bring for a pending task — one the shim
// dispatched and that is not finished — is its unit: its claim, its result,
// and the artifacts that result lists under the task's deliverable roots,
// within the exchange's caps. Nothing else is copied: a file under a root
// that no result lists is skipped (and said so), anything else is refused.
//
// A unit is merged whole or not at all. A path the checkout holds, or that
// another shard brings, with different content, a file where another unit
// needs a directory (or the reverse), a link among the listed files, a
// task that hashes to another shard than the artifact that brought it, or
// a failed write refuses the unit whole. A unit is written under the
// task's lock, artifacts first and the claim and result last, with a
// journal of what it creates: a merge killed at any point leaves a journal
// the next merge or resume rolls back before anything judges the task, so
// the task is either absent or whole. Nothing in the checkout is ever
// overwritten.

// MergeFile is one file merge saw in a shard.
type MergeFile struct {
	Path    string   `json:"path"`
	Shard   string   `json:"shard"`
	TaskIDs []string `json:"taskIds,omitempty"`
	Reason  string   `json:"reason,omitempty"`
}

// MergeReport is what Merge did; every list is sorted by path.
type MergeReport struct {
	Version int `json:"version"`
	// Copied were written into the checkout.
	Copied []MergeFile `json:"copied"`
	// Unchanged were already in the checkout with the same content.
	Unchanged []MergeFile `json:"unchanged"`
	// Refused were not copied, with the reason.
	Refused []MergeFile `json:"refused"`
	// Skipped lie under a pending task's deliverable roots but no result
	// in their shard lists them: not copied, and no task is refused for them.
	Skipped []MergeFile `json:"skipped"`
	// RefusedTasks are the tasks none of whose files were copied.
	RefusedTasks []string `json:"refusedTasks"`
	// RolledBack are earlier merges that were interrupted and undone
	// before this one began.
	RolledBack []RolledBackMerge `json:"rolledBack"`
}

// MergeOptions are a merge's settings.
type MergeOptions struct {
	// Lock says who this process is and when another's task lock is stale.
	Lock LockPolicy
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Protected are the folders no deliverable root may reach (CN218): a
	// task whose root reaches one is refused whole, nothing of it copied.
	Protected Protected
}

// mergeTask is a pending task of the checkout: dispatched by the shim (its
// state pins the request) and not finished.
type mergeTask struct {
	id, mailbox string
	roots       []string
	// protected says why a root of the task is protected, "" if none is.
	protected string
	// deadline is the state's, which bounds a stale foreign lock.
	deadline time.Time
}

type merger struct {
	root   string
	opts   MergeOptions
	ix     *MailboxIndex
	tasks  map[string]*mergeTask // by mailbox + taskId
	units  []*mergeUnit
	report *MergeReport
	// refused maps a task refused whole to true.
	refused map[string]bool
}

// MergeShard is one shard's tree: Dir on disk, Name as the report shows it.
type MergeShard struct{ Name, Dir string }

// Merge copies the task-owned files of each shard directory into root.
func Merge(ctx context.Context, root string, ms []*Manifest, shards []MergeShard, opts MergeOptions) (*MergeReport, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	opts.Lock = opts.Lock.self()
	m := &merger{root: root, opts: opts, ix: NewMailboxIndex(ms), tasks: map[string]*mergeTask{},
		report: &MergeReport{Version: 1}, refused: map[string]bool{}}
	if err := m.loadPending(ctx); err != nil {
		return nil, err
	}
	if err := m.settleJournals(); err != nil {
		return nil, err
	}
	for _, sh := range shards {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := m.collect(sh); err != nil {
			return nil, err
		}
	}
	m.hashUnits()
	m.refuseConflicts()
	for _, tm := range m.byTask() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		m.commit(tm)
	}
	return m.finish(), nil
}

// loadPending reads the checkout's pending tasks and their roots.
func (m *merger) loadPending(ctx context.Context) error {
	loaded, err := LoadExchanges(ctx, DirFS(m.root), m.ix)
	if err != nil {
		return err
	}
	for _, x := range loaded.Exchanges {
		if x.State == nil || x.State.Src == nil {
			continue
		}
		st, _ := ParseState(x.State.Path, x.State.Src)
		if st == nil || isTerminal(st.Status) {
			continue
		}
		roots, skip := dispatchedRoots(x)
		if skip != "" || roots == nil {
			continue
		}
		t := &mergeTask{id: x.TaskID, mailbox: x.Mailbox, roots: roots, deadline: st.Deadline}
		for _, r := range roots {
			if why, bad := ProtectedRoot(r, m.opts.Protected); bad {
				t.protected = fmt.Sprintf("its deliverable root %s is protected (%s) [CN218]; merge never writes there", quoteOrRedactName(r), why)
				break
			}
		}
		m.tasks[x.Mailbox+x.TaskID] = t
	}
	return nil
}

// rootsOwning lists, sorted, the pending tasks whose deliverable roots hold
// rel.
func (m *merger) rootsOwning(rel string) []string {
	var in []string
	for _, t := range m.tasks {
		if slices.ContainsFunc(t.roots, func(r string) bool { return PathWithin(r, rel) }) {
			in = append(in, t.id)
		}
	}
	slices.Sort(in)
	return slices.Compact(in)
}

func (m *merger) refuseFile(f MergeFile, why string) {
	f.Reason = why
	m.report.Refused = append(m.report.Refused, f)
}

// finish sorts the report and lists the refused tasks.
func (m *merger) finish() *MergeReport {
	r := m.report
	for _, l := range []*[]MergeFile{&r.Copied, &r.Unchanged, &r.Refused, &r.Skipped} {
		if *l == nil {
			*l = []MergeFile{}
		}
		slices.SortStableFunc(*l, func(a, b MergeFile) int {
			if c := strings.Compare(a.Path, b.Path); c != 0 {
				return c
			}
			return strings.Compare(a.Shard, b.Shard)
		})
	}
	if r.RolledBack == nil {
		r.RolledBack = []RolledBackMerge{}
	}
	r.RefusedTasks = []string{}
	for id := range m.refused {
		r.RefusedTasks = append(r.RefusedTasks, id)
	}
	slices.Sort(r.RefusedTasks)
	return r
}

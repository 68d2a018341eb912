package connector

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/squadci/squadci/internal/nofollow"
)

// Merge brings shard outputs (trees laid out like the repository, one per
// runner) into the checkout (scale.md "Merge is a union of task-owned
// files"). A file is task-owned when it is a claim or result in the mailbox
// of a pending task, named by that task's id, or lies under the deliverable
// roots of a pending task. Everything else is refused. A path that the
// checkout holds, or that another shard brings, with different content is a
// conflict: every task owning it is refused whole, so a resume never sees a
// mix of two shards' files. Nothing is ever overwritten.

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
	// RefusedTasks are the tasks none of whose files were copied.
	RefusedTasks []string `json:"refusedTasks"`
}

// mergeTask is a pending task of the checkout: dispatched by the shim (its
// state pins the request) and not finished.
type mergeTask struct {
	id, mailbox string
	roots       []string
}

type mergeCandidate struct {
	MergeFile
	data []byte
	// conflict is set once two shards brought the path with different
	// content: it is never written, and every later copy is refused too.
	conflict string
}

type merger struct {
	root   string
	ix     *MailboxIndex
	tasks  map[string]*mergeTask // by mailbox + taskId
	byID   map[string]*mergeTask
	files  map[string]*mergeCandidate // accepted so far, by path
	report *MergeReport
	// refused maps a task refused whole to why.
	refused map[string]bool
}

// MergeShard is one shard's tree: Dir on disk, Name as the report shows it.
type MergeShard struct{ Name, Dir string }

// Merge copies the task-owned files of each shard directory into root.
func Merge(ctx context.Context, root string, ms []*Manifest, shards []MergeShard) (*MergeReport, error) {
	m := &merger{root: root, ix: NewMailboxIndex(ms), tasks: map[string]*mergeTask{}, byID: map[string]*mergeTask{},
		files: map[string]*mergeCandidate{}, report: &MergeReport{Version: 1}, refused: map[string]bool{}}
	if err := m.loadPending(ctx); err != nil {
		return nil, err
	}
	for _, sh := range shards {
		if err := m.collect(sh); err != nil {
			return nil, err
		}
	}
	m.compareCheckout()
	m.write()
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
		t := &mergeTask{id: x.TaskID, mailbox: x.Mailbox, roots: roots}
		m.tasks[x.Mailbox+x.TaskID] = t
		m.byID[x.TaskID] = t
	}
	return nil
}

// collect walks one shard without following links.
func (m *merger) collect(sh MergeShard) error {
	dir := sh.Dir
	results := map[string][]string{} // artifact path → task ids whose result in this shard lists it
	var entries []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		entries = append(entries, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		return fmt.Errorf("reading shard %s: %w", sh.Name, err)
	}
	slices.Sort(entries)
	for _, rel := range entries {
		m.readResultArtifacts(dir, rel, results)
	}
	for _, rel := range entries {
		m.consider(sh, rel, results)
	}
	return nil
}

// readResultArtifacts records which paths a shard's result files list, so
// a file under roots several tasks share is attributed to its task.
func (m *merger) readResultArtifacts(dir, rel string, into map[string][]string) {
	box, _, ok := m.ix.Owner(rel)
	if !ok {
		return
	}
	if kind, id := ClassifyEntry(rel[len(box):], box == DropRoot); kind != EntryResult {
		return
	} else if data, err := nofollow.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)), MaxFileSize); err == nil {
		var r ResultFile
		if json.Unmarshal(data, &r) != nil {
			return
		}
		for _, a := range r.Artifacts {
			into[a.Path] = append(into[a.Path], id)
		}
		for _, o := range r.Outputs {
			for _, a := range o.Artifacts {
				into[a.Path] = append(into[a.Path], id)
			}
		}
	}
}

// consider judges one shard file: who owns it, whether it is readable, and
// whether another shard brought the same path.
func (m *merger) consider(sh MergeShard, rel string, listed map[string][]string) {
	dir := sh.Dir
	f := MergeFile{Path: rel, Shard: sh.Name}
	owners, why := m.owners(rel, listed)
	f.TaskIDs = owners
	if bad := checkShardEntry(dir, rel); bad != "" {
		why = bad // a link is refused as one, and refuses its owner
	}
	if why != "" {
		m.refuse(f, why)
		return
	}
	limit := int64(MaxFileSize)
	data, err := nofollow.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)), limit)
	if err != nil {
		m.refuse(f, "unreadable: "+err.Error())
		return
	}
	prev, seen := m.files[rel]
	switch {
	case !seen:
		m.files[rel] = &mergeCandidate{MergeFile: f, data: data}
	case prev.conflict != "":
		m.refuse(f, prev.conflict)
	case bytes.Equal(prev.data, data):
		// The same file from two shards: one copy.
	default:
		m.conflict(prev, f, fmt.Sprintf("shards %s and %s bring different content", prev.Shard, sh.Name))
	}
}

// checkShardEntry refuses a link or special file, which merge never copies.
func checkShardEntry(dir, rel string) string {
	info, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(rel)))
	switch {
	case err != nil:
		return err.Error()
	case !info.Mode().IsRegular():
		return "not a regular file (" + describeMode(info.Mode()) + "); merge copies only regular files"
	}
	return ""
}

// owners attributes rel to its pending tasks, or says why no task owns it.
func (m *merger) owners(rel string, listed map[string][]string) ([]string, string) {
	if reason, ok := CheckSafePath(rel, false); !ok {
		return nil, "unsafe path: " + reason
	}
	if hasSegment(strings.ToLower(rel), ".git") {
		return nil, "it lies in .git"
	}
	if box, _, ok := m.ix.Owner(rel); ok {
		return m.mailboxOwner(box, rel)
	}
	var in []string
	for _, t := range m.byID {
		if slices.ContainsFunc(t.roots, func(r string) bool { return PathWithin(r, rel) }) {
			in = append(in, t.id)
		}
	}
	if len(in) == 0 {
		return nil, "outside every pending task's deliverable roots"
	}
	slices.Sort(in)
	if len(in) == 1 {
		return in, ""
	}
	// Roots several tasks share: the task whose result lists the file owns
	// it. A file no result claims has no owner to refuse, only itself.
	var named []string
	for _, id := range listed[rel] {
		if slices.Contains(in, id) {
			named = append(named, id)
		}
	}
	if len(named) == 0 {
		return nil, "under the deliverable roots of several pending tasks (" + strings.Join(in, ", ") +
			") and no result in this shard lists it"
	}
	slices.Sort(named)
	return slices.Compact(named), ""
}

// mailboxOwner accepts only a pending task's claim or result.
func (m *merger) mailboxOwner(box, rel string) ([]string, string) {
	kind, id := ClassifyEntry(rel[len(box):], box == DropRoot)
	switch kind {
	case EntryClaim, EntryResult:
		if _, ok := m.tasks[box+id]; ok {
			return []string{id}, ""
		}
		return nil, fmt.Sprintf("no pending task %s in mailbox %s", id, box)
	case EntryRequest:
		return nil, "a request: only dispatch writes requests"
	case EntrySnapshot:
		return nil, "a snapshot: only dispatch writes snapshots"
	case EntryState, EntryLock:
		return nil, "task state (" + stateDir + "): only resume writes it"
	case EntryArchived:
		return nil, "an archived file (" + archiveDir + ")"
	}
	return nil, "in mailbox " + box + " but neither a claim nor a result"
}

func (m *merger) refuse(f MergeFile, why string) {
	f.Reason = why
	m.report.Refused = append(m.report.Refused, f)
	for _, id := range f.TaskIDs {
		m.refused[id] = true
	}
}

// conflict refuses both sides of a conflicting path and their tasks whole.
func (m *merger) conflict(prev *mergeCandidate, f MergeFile, why string) {
	ids := slices.Concat(prev.TaskIDs, f.TaskIDs)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	why += "; tasks " + strings.Join(ids, ", ") + " are refused whole"
	p := prev.MergeFile
	p.TaskIDs, f.TaskIDs = ids, ids
	m.refuse(p, why)
	m.refuse(f, why)
	prev.conflict = why
}

// compareCheckout turns a path the checkout already holds into a no-op
// (same content) or a conflict (anything else).
func (m *merger) compareCheckout() {
	for _, rel := range m.sortedPaths() {
		c := m.files[rel]
		if c.conflict != "" {
			continue
		}
		info, err := StatNoFollow(DirFS(m.root), rel)
		var dp *DiskProblem
		if errors.As(err, &dp) && dp.Kind == DiskMissing {
			continue
		}
		switch {
		case err != nil:
			m.conflictCheckout(c, "the checkout's path is unusable: "+err.Error())
		case !info.Mode().IsRegular():
			m.conflictCheckout(c, "the checkout holds "+describeMode(info.Mode())+" there")
		default:
			have, err := nofollow.ReadFile(filepath.Join(m.root, filepath.FromSlash(rel)), MaxFileSize)
			switch {
			case err != nil:
				m.conflictCheckout(c, "the checkout's file is unreadable: "+err.Error())
			case bytes.Equal(have, c.data):
				m.report.Unchanged = append(m.report.Unchanged, c.MergeFile)
				delete(m.files, rel)
			default:
				m.conflictCheckout(c, "the checkout holds different content")
			}
		}
	}
}

func (m *merger) conflictCheckout(c *mergeCandidate, why string) {
	delete(m.files, c.Path)
	m.refuse(c.MergeFile, why+"; tasks "+strings.Join(c.TaskIDs, ", ")+" are refused whole")
}

func (m *merger) sortedPaths() []string {
	paths := make([]string, 0, len(m.files))
	for p := range m.files {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	return paths
}

// write publishes every accepted file of a task not refused, atomically,
// 0644, creating directories inside the root only.
func (m *merger) write() {
	for _, rel := range m.sortedPaths() {
		c := m.files[rel]
		if c.conflict != "" {
			continue
		}
		if slices.ContainsFunc(c.TaskIDs, func(id string) bool { return m.refused[id] }) {
			c.Reason = "its task is refused (another of its files was)"
			m.report.Refused = append(m.report.Refused, c.MergeFile)
			continue
		}
		if err := m.publish(rel, c.data); err != nil {
			m.refuse(c.MergeFile, "writing: "+err.Error())
			continue
		}
		m.report.Copied = append(m.report.Copied, c.MergeFile)
	}
}

// publish creates rel's parent directories one by one, refusing any
// component that is not a real directory, then writes rel without
// replacing anything.
func (m *merger) publish(rel string, data []byte) error {
	parts := strings.Split(rel, "/")
	dir := m.root
	for _, seg := range parts[:len(parts)-1] {
		dir = filepath.Join(dir, seg)
		info, err := os.Lstat(dir)
		if errors.Is(err, fs.ErrNotExist) {
			if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
				return err
			}
			info, err = os.Lstat(dir)
		}
		if err != nil {
			return err
		}
		if !info.IsDir() {
			return fmt.Errorf("%s: %w", dir, ErrLink)
		}
	}
	return WriteFileAtomic(filepath.Join(m.root, filepath.FromSlash(rel)), data, 0o644, false)
}

// finish sorts the report and lists the refused tasks.
func (m *merger) finish() *MergeReport {
	r := m.report
	for _, l := range []*[]MergeFile{&r.Copied, &r.Unchanged, &r.Refused} {
		if *l == nil {
			*l = []MergeFile{}
		}
		slices.SortStableFunc(*l, func(a, b MergeFile) int { return strings.Compare(a.Path, b.Path) })
	}
	r.RefusedTasks = []string{}
	for id := range m.refused {
		r.RefusedTasks = append(r.RefusedTasks, id)
	}
	slices.Sort(r.RefusedTasks)
	return r
}

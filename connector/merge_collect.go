package connector

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/squadci/squadci/internal/nofollow"
)

// Role of a file in its unit, in write order: artifacts, then the claim,
// then the result, so a reader that sees a result sees everything it lists.
type unitRole uint8

const (
	roleArtifact unitRole = iota
	roleClaim
	roleResult
)

// mergeCandidate is one file of a unit.
type mergeCandidate struct {
	MergeFile
	role unitRole
	src  string // absolute path in the shard
	size int64
	sum  string // lowercase hex SHA-256, once hashed
}

// mergeUnit is what one shard brings for one pending task.
type mergeUnit struct {
	task    *mergeTask
	shard   string
	files   []*mergeCandidate // in write order once sorted
	refused string            // why the whole unit is refused; "" while it stands
}

// shardEntry is one non-directory entry of a shard tree.
type shardEntry struct {
	rel  string
	mode fs.FileMode // its type bits, from the walk (links are never followed)
}

// shardNamePattern reads the shard a directory holds from its name, as
// the reusable workflow names its artifacts (<name>-shard-I-of-N).
var shardNamePattern = regexp.MustCompile(`(?:^|[-_.])shard-([0-9]{1,3})-of-([0-9]{1,3})$`)

// shardOfName is the shard a directory's name declares, if any.
func shardOfName(dir string) (Shard, bool) {
	g := shardNamePattern.FindStringSubmatch(filepath.Base(filepath.Clean(dir)))
	if g == nil {
		return Shard{}, false
	}
	i, _ := strconv.Atoi(g[1])
	n, _ := strconv.Atoi(g[2])
	if n < 1 || i < 1 || i > n {
		return Shard{}, false
	}
	return Shard{Index: i, Count: n}, true
}

// CheckShardDir refuses a shard argument that is not a real directory; a
// link is refused whether or not the argument ends in a separator.
func CheckShardDir(dir string) error {
	trimmed := strings.TrimRight(dir, `/\`)
	if trimmed == "" {
		trimmed = dir
	}
	info, err := os.Lstat(trimmed)
	switch {
	case err != nil:
		return err
	case info.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("%s is a symbolic link; pass the directory it points to, if you trust it", dir)
	case !info.IsDir():
		return fmt.Errorf("%s is not a directory (%s)", dir, describeMode(info.Mode()))
	}
	return nil
}

// collect walks one shard without following links and builds its units.
func (m *merger) collect(sh MergeShard) error {
	if err := CheckShardDir(sh.Dir); err != nil {
		return fmt.Errorf("shard %s: %w", sh.Name, err)
	}
	var entries []shardEntry
	err := filepath.WalkDir(sh.Dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(sh.Dir, p)
		if err != nil {
			return err
		}
		entries = append(entries, shardEntry{rel: filepath.ToSlash(rel), mode: d.Type()})
		return nil
	})
	if err != nil {
		return fmt.Errorf("reading shard %s: %w", sh.Name, err)
	}
	slices.SortFunc(entries, func(a, b shardEntry) int { return strings.Compare(a.rel, b.rel) })
	units := map[*mergeTask]*mergeUnit{}
	loose := map[string]shardEntry{}
	before := len(m.report.Refused)
	for _, e := range entries {
		m.place(sh, e, units, loose)
	}
	// What this shard brought and merge refused outright, by path: a
	// result that lists one of them cannot be merged whole.
	refusedHere := map[string]string{}
	for _, f := range m.report.Refused[before:] {
		refusedHere[f.Path] = f.Reason
	}
	index, named := shardOfName(sh.Dir)
	for _, u := range sortedUnitsOf(units) {
		if u.task.protected != "" {
			u.refuse(u.task.protected)
		}
		if named && !index.Holds(u.task.id) {
			u.refused = fmt.Sprintf("task %s belongs to shard %d/%d, not to shard %s whose artifact brought it",
				u.task.id, ShardOf(u.task.id, index.Count), index.Count, index)
		}
		m.claimListed(sh, u, loose, refusedHere)
		m.units = append(m.units, u)
	}
	m.judgeLoose(sh, units, loose)
	return nil
}

// place sorts one shard entry: a claim or result of a pending task starts
// or joins its unit; another mailbox file is refused; anything else waits
// to be claimed by a result that lists it.
func (m *merger) place(sh MergeShard, e shardEntry, units map[*mergeTask]*mergeUnit, loose map[string]shardEntry) {
	f := MergeFile{Path: e.rel, Shard: sh.Name}
	if reason, ok := CheckSafePath(e.rel, false); !ok {
		m.refuseFile(f, "unsafe path: "+reason)
		return
	}
	if hasSegment(strings.ToLower(e.rel), ".git") {
		m.refuseFile(f, "it lies in .git")
		return
	}
	box, _, ok := m.ix.Owner(e.rel)
	if !ok {
		loose[e.rel] = e
		return
	}
	kind, id, why := mailboxKind(box, e.rel)
	if why != "" {
		m.refuseFile(f, why)
		return
	}
	t := m.tasks[box+id]
	if t == nil {
		m.refuseFile(f, fmt.Sprintf("no pending task %s in mailbox %s", id, box))
		return
	}
	u := units[t]
	if u == nil {
		u = &mergeUnit{task: t, shard: sh.Name}
		units[t] = u
	}
	f.TaskIDs = []string{t.id}
	role := roleClaim
	if kind == EntryResult {
		role = roleResult
	}
	c := &mergeCandidate{MergeFile: f, role: role, src: filepath.Join(sh.Dir, filepath.FromSlash(e.rel))}
	u.files = append(u.files, c)
	switch limit := capOf(role); {
	case !e.mode.IsRegular():
		u.refuse(fmt.Sprintf("its %s %s is %s in the shard; merge copies only regular files", role, e.rel, describeMode(e.mode)))
	default:
		if info, err := os.Lstat(c.src); err != nil {
			u.refuse(fmt.Sprintf("its %s %s is unreadable: %v", role, e.rel, err))
		} else if c.size = info.Size(); c.size > limit {
			u.refuse(fmt.Sprintf("its %s %s is %d bytes, over the %d-byte cap", role, e.rel, c.size, limit))
		}
	}
}

// mailboxKind accepts a claim or result and says why anything else in a
// mailbox is refused.
func mailboxKind(box, rel string) (EntryKind, string, string) {
	kind, id := ClassifyEntry(rel[len(box):], box == DropRoot)
	switch kind {
	case EntryClaim, EntryResult:
		return kind, id, ""
	case EntryRequest:
		return kind, id, "a request: only dispatch writes requests"
	case EntrySnapshot:
		return kind, id, "a snapshot: only dispatch writes snapshots"
	case EntryState, EntryLock, EntryMergeJournal:
		return kind, id, "task state (" + stateDir + "): only resume and merge write it"
	case EntryArchived:
		return kind, id, "an archived file (" + archiveDir + ")"
	}
	return kind, id, "in mailbox " + box + " but neither a claim nor a result"
}

// capOf is the most a unit's file of that role may hold.
func capOf(r unitRole) int64 {
	switch r {
	case roleClaim:
		return maxClaimSize
	case roleResult:
		return MaxFileSize
	}
	return maxArtifactBytes
}

func (r unitRole) String() string {
	return [...]string{"artifact", "claim", "result"}[r]
}

func (u *mergeUnit) refuse(why string) {
	if u.refused == "" {
		u.refused = why
	}
}

func (u *mergeUnit) result() *mergeCandidate {
	for _, f := range u.files {
		if f.role == roleResult {
			return f
		}
	}
	return nil
}

// claimListed moves the files the unit's result lists under the task's
// roots from loose into the unit, within the exchange's caps.
func (m *merger) claimListed(sh MergeShard, u *mergeUnit, loose map[string]shardEntry, refusedHere map[string]string) {
	res := u.result()
	if res == nil || u.refused != "" && res.size > MaxFileSize {
		return
	}
	data, err := nofollow.ReadFile(res.src, MaxFileSize)
	if err != nil {
		u.refuse(fmt.Sprintf("its result %s is unreadable: %v", res.Path, err))
		return
	}
	var total int64
	count := 0
	for _, p := range listedArtifacts(data) {
		if why, ok := refusedHere[p]; ok {
			u.refuse("its result lists a file this shard brings that merge refuses (" + why + ")")
			continue
		}
		e, ok := loose[p]
		if !ok || !slices.ContainsFunc(u.task.roots, func(r string) bool { return PathWithin(r, p) }) {
			continue // absent, or outside its roots: the resume judges the result
		}
		delete(loose, p)
		c := &mergeCandidate{MergeFile: MergeFile{Path: p, Shard: sh.Name, TaskIDs: []string{u.task.id}},
			role: roleArtifact, src: filepath.Join(sh.Dir, filepath.FromSlash(p))}
		u.files = append(u.files, c)
		count++
		if !e.mode.IsRegular() {
			u.refuse(fmt.Sprintf("its result lists %s, which is %s in the shard; merge copies only regular files", p, describeMode(e.mode)))
			continue
		}
		info, err := os.Lstat(c.src)
		if err != nil {
			u.refuse(fmt.Sprintf("its artifact %s is unreadable: %v", p, err))
			continue
		}
		c.size = info.Size()
		total += c.size
		switch {
		case c.size > maxArtifactBytes:
			u.refuse(fmt.Sprintf("its artifact %s is %d bytes, over the %d-byte (1 MiB) cap per artifact", p, c.size, maxArtifactBytes))
		case total > maxEnvelopeBytes:
			u.refuse(fmt.Sprintf("its artifacts total more than %d bytes (5 MiB) from %s on", maxEnvelopeBytes, p))
		case count > maxArtifacts:
			u.refuse(fmt.Sprintf("its result lists more than %d artifacts in the shard", maxArtifacts))
		}
	}
	slices.SortFunc(u.files, func(a, b *mergeCandidate) int {
		if a.role != b.role {
			return int(a.role) - int(b.role)
		}
		return strings.Compare(a.Path, b.Path)
	})
}

// listedArtifacts is every artifact path a result names, deduplicated; a
// result that does not parse names none (the resume judges it).
func listedArtifacts(data []byte) []string {
	var r ResultFile
	if json.Unmarshal(data, &r) != nil {
		return nil
	}
	var out []string
	for _, a := range r.Artifacts {
		out = append(out, a.Path)
	}
	for _, o := range r.Outputs {
		for _, a := range o.Artifacts {
			out = append(out, a.Path)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// judgeLoose reports the shard files no unit claimed: under a pending
// task's roots they are skipped, anywhere else refused.
func (m *merger) judgeLoose(sh MergeShard, units map[*mergeTask]*mergeUnit, loose map[string]shardEntry) {
	for _, rel := range sortedKeys(loose) {
		f := MergeFile{Path: rel, Shard: sh.Name}
		owners := m.rootsOwning(rel)
		if len(owners) == 0 {
			m.refuseFile(f, "outside every pending task's deliverable roots")
			continue
		}
		f.TaskIDs = owners
		why := "no result in this shard lists it; merge copies only the artifacts a result lists"
		for _, u := range units {
			if slices.Contains(owners, u.task.id) && u.result() != nil {
				why = "task " + u.task.id + "'s result does not list it; merge copies only the artifacts a result lists"
				break
			}
		}
		f.Reason = why
		m.report.Skipped = append(m.report.Skipped, f)
	}
}

func sortedKeys[V any](mp map[string]V) []string {
	keys := make([]string, 0, len(mp))
	for k := range mp {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func sortedUnitsOf(units map[*mergeTask]*mergeUnit) []*mergeUnit {
	out := make([]*mergeUnit, 0, len(units))
	for _, u := range units {
		out = append(out, u)
	}
	slices.SortFunc(out, func(a, b *mergeUnit) int { return strings.Compare(a.task.mailbox+a.task.id, b.task.mailbox+b.task.id) })
	return out
}

// sortedUnits is every unit in the order they are written: by task, then
// by shard as given.
func (m *merger) sortedUnits() []*mergeUnit {
	out := slices.Clone(m.units)
	slices.SortStableFunc(out, func(a, b *mergeUnit) int {
		return strings.Compare(a.task.mailbox+a.task.id, b.task.mailbox+b.task.id)
	})
	return out
}

var errChanged = errors.New("changed while merge read it")

package connector

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// mergeFault, when set (by tests), runs before each step of a task's
// commit: "journal", "mkdir", "write" (before each file), "fill" (half
// way through a file's bytes), "sync" and "done" (before the journal goes).
// An error it returns fails the step as a write error would.
var mergeFault func(step, path string) error

func fault(step, path string) error {
	if mergeFault == nil {
		return nil
	}
	return mergeFault(step, path)
}

// taskMerge is everything merge brings for one task, from every shard.
type taskMerge struct {
	task  *mergeTask
	units []*mergeUnit
	files []*mergeCandidate // deduplicated by path, in write order
}

// byTask groups the units by task, in task order. A task of which any
// unit is refused is refused whole.
func (m *merger) byTask() []*taskMerge {
	var out []*taskMerge
	for _, u := range m.sortedUnits() {
		if n := len(out); n > 0 && out[n-1].task == u.task {
			out[n-1].units = append(out[n-1].units, u)
			continue
		}
		out = append(out, &taskMerge{task: u.task, units: []*mergeUnit{u}})
	}
	for _, tm := range out {
		seen := map[string]bool{}
		for _, u := range tm.units {
			for _, c := range u.files {
				if !seen[c.Path] {
					seen[c.Path] = true
					tm.files = append(tm.files, c)
				}
			}
		}
		slices.SortFunc(tm.files, func(a, b *mergeCandidate) int {
			if a.role != b.role {
				return int(a.role) - int(b.role)
			}
			return strings.Compare(a.Path, b.Path)
		})
	}
	return out
}

// refusal is why the task is refused, "" while none of its units is.
func (tm *taskMerge) refusal() string {
	for _, u := range tm.units {
		if u.refused != "" {
			if len(tm.units) > 1 {
				return u.refused + " (in shard " + u.shard + ")"
			}
			return u.refused
		}
	}
	return ""
}

// refuseTask reports every file of the task refused, with why.
func (m *merger) refuseTask(tm *taskMerge, why string) {
	m.refused[tm.task.id] = true
	for _, u := range tm.units {
		for _, c := range u.files {
			m.refuseFile(c.MergeFile, why)
		}
	}
}

// settleJournals settles, under each task's lock, the interrupted merges
// of pending tasks before this merge judges anything.
func (m *merger) settleJournals() error {
	for _, key := range sortedKeys(m.tasks) {
		t := m.tasks[key]
		if _, err := os.Lstat(m.abs(journalPath(t.mailbox, t.id))); err != nil {
			continue
		}
		lock, why := m.lockTask(t)
		if lock == nil {
			return fmt.Errorf("task %s has an interrupted merge and %s; run merge again", t.id, why)
		}
		rb, err := recoverMerge(m.root, t.mailbox, t.id)
		lock.release()
		if err != nil {
			return err
		}
		if rb != nil {
			m.report.RolledBack = append(m.report.RolledBack, *rb)
		}
	}
	return nil
}

func (m *merger) abs(rel string) string { return filepath.Join(m.root, filepath.FromSlash(rel)) }

// lockTask takes the task's lock, waiting a little while a live process
// holds it; nil with why when it could not.
func (m *merger) lockTask(t *mergeTask) (*taskLock, string) {
	rel := lockPath(t.mailbox, t.id)
	if info, err := os.Lstat(m.abs(t.mailbox + stateDir)); err != nil || !info.IsDir() {
		return nil, "its state directory " + t.mailbox + stateDir + " is not a directory"
	}
	lock, events, err := waitTaskLock(m.abs(rel), rel, t.id, m.opts.Lock, m.opts.Now, t.deadline)
	switch {
	case err == nil:
		return lock, ""
	case !errors.Is(err, errLockBusy):
		return nil, "its lock could not be taken: " + err.Error()
	}
	why := "its lock " + rel + " is held by another process"
	if n := len(events); n > 0 && events[n-1].Why != "" {
		why += " (" + events[n-1].Why + ")"
	}
	return nil, why
}

// commit writes one task's files whole, or none of them.
func (m *merger) commit(tm *taskMerge) {
	if why := tm.refusal(); why != "" {
		m.refuseTask(tm, why)
		return
	}
	lock, why := m.lockTask(tm.task)
	if lock == nil {
		m.refuseTask(tm, why+"; run merge again once it is released")
		return
	}
	defer lock.release()
	if rb, err := recoverMerge(m.root, tm.task.mailbox, tm.task.id); err != nil {
		m.refuseTask(tm, err.Error())
		return
	} else if rb != nil {
		m.report.RolledBack = append(m.report.RolledBack, *rb)
	}
	if !m.stillPending(tm.task) {
		m.refuseTask(tm, "the task is no longer pending in the checkout (its state finished or went while merge waited)")
		return
	}
	plan, why := m.plan(tm)
	if why != "" {
		m.refuseTask(tm, why+"; task "+tm.task.id+" is refused whole")
		return
	}
	if len(plan.write) == 0 {
		m.report.Unchanged = append(m.report.Unchanged, plan.unchanged...)
		return
	}
	if err := m.write(tm.task, plan); err != nil {
		why := "writing the task's files failed (" + err.Error() + "); none of them were kept"
		if _, rerr := settle(m.root, plan.journal, true); rerr != nil {
			why = "writing the task's files failed (" + err.Error() + ") and undoing them failed too (" +
				rerr.Error() + "); its merge journal " + journalPath(tm.task.mailbox, tm.task.id) +
				" stays for the next merge or resume to roll back"
		}
		m.refuseTask(tm, why)
		return
	}
	m.report.Unchanged = append(m.report.Unchanged, plan.unchanged...)
	for _, c := range plan.write {
		m.report.Copied = append(m.report.Copied, c.MergeFile)
	}
}

// stillPending re-reads the task's state under its lock.
func (m *merger) stillPending(t *mergeTask) bool {
	rel := t.mailbox + stateDir + t.id + ".state.json"
	data, err := DirFS(m.root).ReadFile(rel, MaxFileSize)
	if err != nil {
		return false
	}
	st, _ := ParseState(rel, data)
	return st != nil && !isTerminal(st.Status)
}

// commitPlan is what a task's commit creates.
type commitPlan struct {
	write     []*mergeCandidate
	unchanged []MergeFile
	journal   *mergeJournal
}

// plan compares each file with the checkout: a missing path is written
// (its missing parents created), the same content is left, anything else
// refuses the task.
func (m *merger) plan(tm *taskMerge) (*commitPlan, string) {
	p := &commitPlan{journal: newJournal(tm.task, m.opts.Now())}
	dirs := map[string]bool{}
	for _, c := range tm.files {
		segs := strings.Split(c.Path, "/")
		for i := 1; i < len(segs); i++ {
			dir := strings.Join(segs[:i], "/")
			if dirs[dir] {
				continue
			}
			info, err := os.Lstat(m.abs(dir))
			switch {
			case errors.Is(err, fs.ErrNotExist):
				dirs[dir] = true
				p.journal.Dirs = append(p.journal.Dirs, dir)
			case err != nil:
				return nil, fmt.Sprintf("the checkout's %s is unusable: %v", dir, err)
			case !info.IsDir():
				return nil, fmt.Sprintf("the checkout holds %s at %s, where %s needs a directory", describeMode(info.Mode()), dir, c.Path)
			}
		}
		info, err := os.Lstat(m.abs(c.Path))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			p.write = append(p.write, c)
			p.journal.Files = append(p.journal.Files, journalFile{Path: c.Path, Sha256: c.sum})
		case err != nil:
			return nil, fmt.Sprintf("the checkout's %s is unusable: %v", c.Path, err)
		case !info.Mode().IsRegular():
			return nil, fmt.Sprintf("the checkout holds %s at %s", describeMode(info.Mode()), c.Path)
		default:
			sum, err := hashShardFile(m.abs(c.Path), info.Size())
			switch {
			case err != nil:
				return nil, fmt.Sprintf("the checkout's %s is unreadable: %v", c.Path, err)
			case sum != c.sum:
				return nil, fmt.Sprintf("the checkout holds different content at %s", c.Path)
			}
			p.unchanged = append(p.unchanged, c.MergeFile)
		}
	}
	return p, ""
}

// write carries out a plan: the journal, the directories, the files
// (artifacts, then claim, then result), then makes them durable and
// removes the journal. On an error the caller rolls back by the journal.
func (m *merger) write(t *mergeTask, p *commitPlan) error {
	jrel := journalPath(t.mailbox, t.id)
	data, err := json.MarshalIndent(p.journal, "", "  ")
	if err != nil {
		return err
	}
	if err := fault("journal", jrel); err != nil {
		return err
	}
	jabs := m.abs(jrel)
	if err := writeVia(filepath.Dir(jabs), jabs, append(data, '\n'), 0o644, false); err != nil {
		return fmt.Errorf("writing the merge journal: %w", err)
	}
	if err := syncDir(filepath.Dir(jabs)); err != nil {
		return err
	}
	touched := map[string]bool{}
	for _, d := range p.journal.Dirs {
		if err := fault("mkdir", d); err != nil {
			return err
		}
		abs := m.abs(d)
		if err := os.Mkdir(abs, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return err
		}
		if info, err := os.Lstat(abs); err != nil || !info.IsDir() {
			return fmt.Errorf("%s: %w", d, ErrLink)
		}
		touched[filepath.Dir(abs)] = true
	}
	for _, c := range p.write {
		if err := fault("write", c.Path); err != nil {
			return err
		}
		// plan saw real directories; one replaced by a link since then
		// must not take the file outside the checkout.
		if err := m.realParents(c.Path); err != nil {
			return fmt.Errorf("%s: %w", c.Path, err)
		}
		if err := m.writeFile(c); err != nil {
			return fmt.Errorf("%s: %w", c.Path, err)
		}
		touched[filepath.Dir(m.abs(c.Path))] = true
	}
	if err := fault("sync", ""); err != nil {
		return err
	}
	for _, d := range sortedKeys(touched) {
		if err := syncDir(d); err != nil {
			return err
		}
	}
	if err := fault("done", jrel); err != nil {
		return err
	}
	if err := inDir(filepath.Dir(jabs), func() error { return os.Remove(jabs) }); err != nil {
		return err
	}
	return syncDir(filepath.Dir(jabs))
}

// realParents checks that every directory on the way to rel, inside the
// checkout, is a directory and no link, just before a file is written
// there.
func (m *merger) realParents(rel string) error {
	segs := strings.Split(rel, "/")
	for i := 1; i < len(segs); i++ {
		dir := strings.Join(segs[:i], "/")
		if info, err := os.Lstat(m.abs(dir)); err != nil || !info.IsDir() {
			return fmt.Errorf("%s: %w", dir, ErrLink)
		}
	}
	return nil
}

// writeFile streams one shard file into place, never replacing anything,
// and checks it wrote the bytes it hashed.
func (m *merger) writeFile(c *mergeCandidate) error {
	abs := m.abs(c.Path)
	sw := &sumWriter{h: sha256.New()}
	err := fillVia(filepath.Dir(abs), abs, func(w io.Writer) error {
		sw.w = &faultWriter{w: w, at: c.size / 2, path: c.Path}
		return copyShardFile(c.src, c.size, sw)
	}, 0o644, false)
	if err != nil {
		return err
	}
	if hex.EncodeToString(sw.h.Sum(nil)) != c.sum {
		return errChanged
	}
	return nil
}

// faultWriter runs the "fill" fault once at byte at.
type faultWriter struct {
	w     io.Writer
	at, n int64
	path  string
	fired bool
}

func (f *faultWriter) Write(p []byte) (int, error) {
	if !f.fired && mergeFault != nil && f.n+int64(len(p)) > f.at {
		k := f.at - f.n
		if k > 0 {
			if n, err := f.w.Write(p[:k]); err != nil {
				return n, err
			}
		}
		f.fired = true
		if err := fault("fill", f.path); err != nil {
			return int(max(k, 0)), err
		}
		n, err := f.w.Write(p[max(k, 0):])
		f.n += int64(len(p))
		return int(max(k, 0)) + n, err
	}
	n, err := f.w.Write(p)
	f.n += int64(n)
	return n, err
}

package connector

import (
	"context"
	"errors"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"time"
)

// DefaultResumeWorkers bounds the tasks a resume works on at once. Most of
// a task's time is spent waiting: for its fsync, and for its turn at its
// mailbox's name operations (dirgate.go). The pool is far wider than the
// CPU count so that the disk always has fsyncs to work on: on a 2-core VM
// (ext4, with and without a journal), 10,000 tasks of one mailbox took
// 4.6–4.9 s with 128 at once against 4.7–5.9 s with 64 and 5.2–6.0 s with
// 16 (same runs). A task holds at most three descriptors at once.
const DefaultResumeWorkers = 128

// ResumeOptions configure Resume.
type ResumeOptions struct {
	Manifests []*Manifest
	// Lock says who this process is and when another's lock is stale.
	Lock LockPolicy
	// Workers bounds the tasks resumed at once; 0 means
	// DefaultResumeWorkers.
	Workers int
	// Now is the clock; nil means time.Now. Each task reads it under its
	// lock.
	Now func() time.Time
	// Progress, when set, is called after each task with the tasks done
	// and the total. It may be called from several goroutines at once.
	Progress func(done, total int)
	// Announce lists the channels (ChannelDispatch, ChannelComment) the
	// caller tells the squad of transitions on: each transition's state is
	// written with its notification owed on them (notify_ledger.go).
	Announce []string
	// Protected are the folders no deliverable root may reach: a task
	// whose request names one is failed (rule CN218). The zero value
	// protects .git, .github/, connectors/ and the repository root.
	Protected Protected
}

// TaskOutcome is what a resume did with one task: the decision of spec §5,
// taken under the task's lock, and whether it was written.
type TaskOutcome struct {
	TaskDecision
	// Transition is set when this run moved the task to a final status
	// (completed, failed or unreachable): the event the squad is told of.
	Transition bool `json:"transition"`
	// Skipped is set when another live process held the task's lock; the
	// status is then the one its state records.
	Skipped bool `json:"skipped,omitempty"`
	// The task's files, repository-relative ("" when absent).
	Request string `json:"request,omitempty"`
	Result  string `json:"result,omitempty"`
	State   string `json:"state,omitempty"`
	// Provenance is the identity the shim-owned state pins; nil without a
	// readable state.
	Provenance *TaskProvenance `json:"provenance,omitempty"`
	// Error is an I/O problem that kept the task from being resumed.
	Error string `json:"error,omitempty"`

	// syncDir is the directory whose fsync the state written is waiting
	// for ("" when nothing was written).
	syncDir string
}

// TaskProvenance is the trusted provenance a resume reports: the identity
// the shim pinned at dispatch and the hash of the result it consumed. It
// never carries envelope text.
type TaskProvenance struct {
	ConnectorID  string `json:"connectorId"`
	Role         string `json:"role"`
	BindingID    string `json:"bindingId,omitempty"`
	MemberName   string `json:"memberName,omitempty"`
	SquadRoot    string `json:"squadRoot,omitempty"`
	ResultSha256 string `json:"resultSha256,omitempty"`
}

// ResumeReport is everything one Resume did.
type ResumeReport struct {
	// Tasks are the tasks that were pending (awaiting, or a request without
	// state) and the finished ones with a late result or a reused taskId
	// beside them, sorted by mailbox and taskId.
	Tasks []TaskOutcome
	// Locks are the locks found held by others: skipped or broken.
	Locks []LockEvent
	// Owed are finished tasks whose state records a notification still
	// owed (not given up), sorted like Tasks: the caller sends them.
	Owed []OwedNotification
	// Merges are interrupted merges found and settled (completed or rolled
	// back) before their task was judged.
	Merges []RolledBackMerge
}

// Resume runs the resume of spec §5 over every pending task of every
// mailbox under root, tasks in parallel. Each pending task is resumed under
// its exclusive lock after re-reading its files, with the very decision
// Resolve computes (CheckExchange, then ResolveTask), and its state is
// written atomically. Finished tasks are only read: nothing about them ever
// changes. Resume never creates a task, never writes a request, snapshot or
// result, and never regenerates a state it cannot trust. When ctx ends it
// stops starting tasks and returns what it did with ctx's error.
func Resume(ctx context.Context, root string, opts ResumeOptions) (*ResumeReport, error) {
	r := newResumer(root, opts)
	defer r.files.close()
	items, err := r.discover(ctx)
	if err != nil {
		return nil, err
	}
	tasks := eachTask(ctx, &r.mailboxRun, len(items), opts.Progress, func(i int) *TaskOutcome { return r.resumeItem(&items[i]) })
	r.syncStateDirs(tasks)
	slices.SortStableFunc(r.events, func(a, b LockEvent) int { return strings.Compare(a.Path, b.Path) })
	slices.SortFunc(r.owed, func(a, b OwedNotification) int { return strings.Compare(a.State, b.State) })
	slices.SortStableFunc(r.merges, func(a, b RolledBackMerge) int { return strings.Compare(a.Journal, b.Journal) })
	return &ResumeReport{Tasks: tasks, Locks: r.events, Owed: r.owed, Merges: r.merges}, ctx.Err()
}

// syncStateDirs makes the renames of every state a resume replaced
// durable: one fsync per state directory, after all its tasks, instead of
// one per task. It runs before Resume returns, so before anyone is told of
// a transition; a crash before it leaves a task's previous state, which
// the next resume decides again. A directory that cannot be synced is an
// error on each of its tasks.
func (r *resumer) syncStateDirs(tasks []TaskOutcome) {
	byDir := map[string][]int{}
	var dirs []string
	for i := range tasks {
		if d := tasks[i].syncDir; d != "" {
			if _, seen := byDir[d]; !seen {
				dirs = append(dirs, d)
			}
			byDir[d] = append(byDir[d], i)
		}
	}
	errs := make([]error, len(dirs))
	forEach(context.Background(), len(dirs), r.workers, func(i int) { errs[i] = syncDir(dirs[i]) })
	for i, err := range errs {
		if err == nil {
			continue
		}
		for _, t := range byDir[dirs[i]] {
			if tasks[t].Error == "" {
				tasks[t].Error = "state written but not made durable: " + err.Error()
			}
		}
	}
}

// resumer is the state of one Resume.
type resumer struct {
	mailboxRun
	lock     LockPolicy
	announce []string

	mu     sync.Mutex
	events []LockEvent
	owed   []OwedNotification
	merges []RolledBackMerge
}

func newResumer(root string, opts ResumeOptions) *resumer {
	r := &resumer{mailboxRun: newMailboxRun(root, opts.Manifests, opts.Now, opts.Workers, DefaultResumeWorkers), lock: opts.Lock.self(), announce: opts.Announce}
	r.env.Protected = opts.Protected
	return r
}

// resumeItem resumes one task: a quick look at its state without the lock
// decides whether there is anything to do under it.
func (r *resumer) resumeItem(it *resumeItem) *TaskOutcome {
	if it.housekeepingOnly() {
		r.underLock(it, nil)
		return nil
	}
	// A quick look at the state without the lock: the bytes are kept for
	// a decision that needs no lock.
	peek := &peekedFile{rel: it.statePath()}
	peek.src, peek.err = r.files.readFile(peek.rel, MaxFileSize)
	var st *State
	if peek.err == nil {
		st, _ = ParseState(peek.rel, peek.src)
		r.noteOwed(it, st)
	}
	// Report the task if it was pending before the lock, or if the
	// decision finds something beside a finished one.
	it.pending = st == nil || !isTerminal(st.Status)
	if st == nil && it.temps == nil && !it.locked && !it.journal {
		// No state (an orphan request fails closed, never written) or one
		// that cannot be parsed: decided without the lock, never written.
		return r.decideUnlocked(it, false, peek)
	}
	if st != nil && isTerminal(st.Status) && it.temps == nil && !it.locked && !it.journal {
		return r.decideUnlocked(it, true, peek)
	}
	return r.underLock(it, st)
}

// peekedFile is a file read once, served again to readExchange.
type peekedFile struct {
	rel string
	src []byte
	err error
}

// readWith reads through read, but for the peeked file.
func (p *peekedFile) readWith(read func(string, int64) ([]byte, error)) func(string, int64) ([]byte, error) {
	return func(rel string, limit int64) ([]byte, error) {
		if p != nil && rel == p.rel {
			return p.src, p.err
		}
		return read(rel, limit)
	}
}

// decideUnlocked reports a task whose decision writes nothing: a finished
// one (only a late result or a reused taskId beside it is worth a line) or
// one without a usable state. peek is its state as read (nil to read it).
func (r *resumer) decideUnlocked(it *resumeItem, finished bool, peek *peekedFile) *TaskOutcome {
	x, unreadable, err := readExchange(peek.readWith(r.files.readFile), it.mailbox, it.taskID, it.manifest)
	if err != nil {
		return readFailed(it, err)
	}
	if x.Request == nil && x.State == nil {
		return nil // not a task: lint reports stray results and snapshots
	}
	c := CheckExchange(x, r.env)
	d := ResolveTask(c, unreadable, r.now())
	if finished && !pending(d) {
		return nil
	}
	d.Changed = false // nothing is written without the lock
	return outcome(c, d)
}

// underLock resumes the task holding its lock: re-read, check, decide,
// write. st is the state seen before the lock, for a skipped task's report.
func (r *resumer) underLock(it *resumeItem, st *State) *TaskOutcome {
	if !IsTaskID(it.taskID) {
		return r.decideUnlocked(it, false, nil) // never build a path from a bad name
	}
	if !r.files.isRealDir(it.mailbox + stateDir) {
		return r.decideUnlocked(it, false, nil)
	}
	rel := lockPath(it.mailbox, it.taskID)
	var deadline time.Time // a stale lock's bound (lock.go), when the state gives it
	if st != nil {
		deadline = st.Deadline
	}
	lock, events, err := acquireTaskLock(r.abs(rel), rel, it.taskID, r.lock, r.now(), deadline)
	r.addEvents(events)
	if errors.Is(err, errLockBusy) {
		return skipped(it, st)
	}
	if err != nil {
		return &TaskOutcome{TaskDecision: TaskDecision{TaskID: it.taskID, Mailbox: it.mailbox}, Error: err.Error()}
	}
	o, err := r.resumeLocked(it)
	if rerr := lock.release(); err == nil {
		err = rerr
	}
	if err != nil {
		if o == nil {
			o = &TaskOutcome{TaskDecision: TaskDecision{TaskID: it.taskID, Mailbox: it.mailbox}}
		}
		o.Error = err.Error()
	}
	return o
}

// resumeLocked is steps 1–5 of spec §5 for one task whose lock is held.
func (r *resumer) resumeLocked(it *resumeItem) (*TaskOutcome, error) {
	if it.journal {
		// A merge died part way: finish or undo it before judging the task.
		rb, err := recoverMerge(r.root, it.mailbox, it.taskID)
		if err != nil {
			return nil, err
		}
		if rb != nil {
			r.mu.Lock()
			r.merges = append(r.merges, *rb)
			r.mu.Unlock()
		}
	}
	for _, t := range it.temps {
		if err := removeStaleTemp(r.abs(t)); err != nil {
			return nil, err
		}
	}
	x, unreadable, err := readExchange(r.files.readFile, it.mailbox, it.taskID, it.manifest)
	if err != nil {
		return readFailed(it, err), nil
	}
	if x.Request == nil && x.State == nil {
		return nil, nil
	}
	c := CheckExchange(x, r.env)
	now := r.now()
	d := ResolveTask(c, unreadable, now)
	var next *StateFile
	var data []byte
	if d.Changed {
		next, data = nextState(c, d, now)
	}
	d.Changed = next != nil
	o := outcome(c, d)
	if next == nil {
		if !it.pending && !pending(d) {
			return nil, nil // a finished task visited only to clear a stale lock
		}
		return o, nil
	}
	if isTerminal(d.Status) {
		owed, err := oweAnnouncement(next, x.State.Path, data, r.announce)
		if err != nil {
			o.Changed = false
			return o, err
		}
		data = owed
	}
	abs := r.abs(x.State.Path)
	if err := writeUnsynced(abs, data, 0o644, true); err != nil {
		o.Changed = false
		return o, err
	}
	o.syncDir = parentDir(abs)
	o.Transition = isTerminal(d.Status)
	o.Provenance.ResultSha256 = next.ResultSha256
	return o, nil
}

// noteOwed remembers a finished task whose state owes a notification.
func (r *resumer) noteOwed(it *resumeItem, st *State) {
	if st == nil || !isTerminal(st.Status) || !st.Notification.Pending() {
		return
	}
	r.mu.Lock()
	r.owed = append(r.owed, OwedNotification{TaskID: it.taskID, Mailbox: it.mailbox, State: it.statePath(),
		Owed: st.Notification.Owed, Attempts: st.Notification.Attempts})
	r.mu.Unlock()
}

func (r *resumer) addEvents(events []LockEvent) {
	if len(events) == 0 {
		return
	}
	r.mu.Lock()
	r.events = append(r.events, events...)
	r.mu.Unlock()
}

// outcome dresses a decision with the task's files and provenance.
func outcome(c *Checked, d TaskDecision) *TaskOutcome {
	x := c.Exchange
	o := &TaskOutcome{TaskDecision: d}
	for _, f := range [...]struct {
		dst *string
		f   *File
	}{{&o.Request, x.Request}, {&o.Result, x.Result}, {&o.State, x.State}} {
		if f.f != nil {
			*f.dst = f.f.Path
		}
	}
	if st := c.State; st != nil {
		o.Provenance = &TaskProvenance{ConnectorID: st.ConnectorID, Role: st.Role, BindingID: st.BindingID,
			MemberName: st.MemberName, SquadRoot: st.SquadRoot, ResultSha256: st.ResultSha256}
	}
	return o
}

// readFailed reports a task one of whose files could not be read: an
// error and no decision.
func readFailed(it *resumeItem, err error) *TaskOutcome {
	o := &TaskOutcome{TaskDecision: TaskDecision{TaskID: it.taskID, Mailbox: it.mailbox}, Error: err.Error()}
	if it.manifest != nil {
		o.ConnectorID = it.manifest.ConnectorID
	}
	o.State = it.statePath()
	return o
}

// skipped reports a task whose lock another live process holds.
func skipped(it *resumeItem, st *State) *TaskOutcome {
	o := &TaskOutcome{TaskDecision: TaskDecision{TaskID: it.taskID, Mailbox: it.mailbox}, Skipped: true}
	if st != nil {
		o.ConnectorID, o.Current, o.Status, o.Attempts = st.ConnectorID, st.Status, st.Status, max(st.Attempts, 0)
	}
	o.State = it.statePath()
	return o
}

// readExchange reads a task's four files from their canonical paths. A
// missing file is absent; one that exists but cannot be used (a link, a
// special or oversized file) is present without bytes and listed in the
// returned map, as LoadExchanges does. An I/O error (ioError) is returned
// as a *ReadError instead: it is no verdict about the task.
func readExchange(read func(rel string, limit int64) ([]byte, error), box, taskID string, m *Manifest) (*Exchange, map[string]error, error) {
	x := &Exchange{Mailbox: box, Manifest: m, TaskID: taskID}
	var unreadable map[string]error
	for _, f := range [...]struct {
		dst **File
		rel string
	}{
		{&x.Snapshot, box + taskID + ".snapshot.json"},
		{&x.Request, box + taskID + ".request.json"},
		{&x.Result, box + taskID + ".result.json"},
		{&x.State, box + stateDir + taskID + ".state.json"},
	} {
		src, err := read(f.rel, MaxFileSize)
		if ioErr := ioError(f.rel, err); ioErr != nil {
			return x, nil, ioErr
		}
		switch {
		case err == nil:
			*f.dst = &File{Path: f.rel, Src: src}
		case errors.Is(err, fs.ErrNotExist):
		default:
			*f.dst = &File{Path: f.rel}
			if unreadable == nil {
				unreadable = map[string]error{}
			}
			unreadable[f.rel] = err
		}
	}
	return x, unreadable, nil
}

// resumeItem is one task found in a mailbox.
type resumeItem struct {
	mailbox, taskID string
	manifest        *Manifest
	// pending is set when the listing found an exchange to decide (not only
	// a stale lock or temporary file).
	pending bool
	// locked is set when a lock file was listed; temps are temporary files
	// a killed process may have left.
	locked bool
	temps  []string
	// journal is set when an interrupted merge's journal was listed.
	journal bool
}

func (it *resumeItem) housekeepingOnly() bool { return !it.pending }

func (it *resumeItem) statePath() string { return it.mailbox + stateDir + it.taskID + ".state.json" }

// discover lists every mailbox and returns the tasks found, sorted by
// mailbox and taskId: each exchange with a request or a state, and each
// task of which only a lock or a temporary file is left.
func (r *resumer) discover(ctx context.Context) ([]resumeItem, error) {
	lfs := &listingFS{ReadFS: r.fsys}
	loaded, err := LoadExchanges(ctx, lfs, r.ix)
	if err != nil {
		return nil, err
	}
	var items []resumeItem
	index := map[string]int{}
	for _, x := range loaded.Exchanges {
		if x.Example || (x.Request == nil && x.State == nil) {
			continue
		}
		index[x.Mailbox+"\x00"+x.TaskID] = len(items)
		items = append(items, resumeItem{mailbox: x.Mailbox, taskID: x.TaskID, manifest: x.Manifest, pending: true})
	}
	for _, p := range lfs.stateEntries {
		box, m, ok := r.ix.Owner(p)
		if !ok || !strings.HasPrefix(p[len(box):], stateDir) {
			continue
		}
		name := p[len(box)+len(stateDir):]
		var id string
		temp, journal := false, false
		if kind, stem := ClassifyEntry(p[len(box):], box == DropRoot); kind == EntryLock {
			id = stem
		} else if kind == EntryMergeJournal {
			id, journal = stem, true
		} else if tid, ok := stateTemp(name); ok {
			id, temp = tid, true
		} else {
			continue
		}
		key := box + "\x00" + id
		i, seen := index[key]
		if !seen {
			i, index[key] = len(items), len(items)
			items = append(items, resumeItem{mailbox: box, taskID: id, manifest: m})
		}
		switch {
		case journal:
			items[i].journal = true
		case temp:
			items[i].temps = append(items[i].temps, p)
		default:
			items[i].locked = true
		}
	}
	sortItems(items)
	return items, nil
}

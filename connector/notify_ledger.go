package connector

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/squadci/squadci/lint/source"
)

// A notification is owed before it is sent. A resume that announces
// transitions (ResumeOptions.Announce) writes each one's final state with
// the notification already owed (StateNotification, attempts 0), in the
// same atomic write that records the transition, so no crash can leave a
// finished task whose announcement is neither sent nor owed. The caller
// then sends what is owed through Settle, under the task's lock, so two
// resumes never both send it; sent channels leave the record, and an empty
// record is removed. A crash between a send and that write leaves the
// record, and the next resume sends again: delivery is at least once.
// After MaxNotifyAttempts failed sends the record is kept with gaveUp and
// never retried.

// OwedNotification is a finished task whose state records a notification
// still owed.
type OwedNotification struct {
	TaskID   string   `json:"taskId"`
	Mailbox  string   `json:"mailbox"`
	State    string   `json:"state"`
	Owed     []string `json:"owed"`
	Attempts int      `json:"attempts"`
}

// Settled is what one attempt at an owed notification did.
type Settled struct {
	TaskID string `json:"taskId"`
	// Sent are the channels sent this time; Owed those still owed.
	Sent []string `json:"sent"`
	Owed []string `json:"owed"`
	// Attempts counts the failed sends recorded so far.
	Attempts int  `json:"attempts"`
	GaveUp   bool `json:"gaveUp,omitempty"`
	// Error is the send's failure, or why nothing was tried.
	Error string `json:"error,omitempty"`
}

// SendFunc sends a task's notification on channels and returns those that
// failed, with the error.
type SendFunc func(t *TaskOutcome, channels []string) (failed []string, err error)

// NotificationLedger records and settles owed notifications.
type NotificationLedger struct {
	mailboxRun
	lock LockPolicy

	mu     sync.Mutex
	events []LockEvent
}

// Locks are the locks of others the ledger found held: skipped or broken
// (a resume killed while sending leaves its lock), sorted by path.
func (l *NotificationLedger) Locks() []LockEvent {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := slices.Clone(l.events)
	slices.SortStableFunc(out, func(a, b LockEvent) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// NewNotificationLedger works on the mailboxes of ms under root.
func NewNotificationLedger(root string, ms []*Manifest, lock LockPolicy) *NotificationLedger {
	return &NotificationLedger{mailboxRun: newMailboxRun(root, ms, nil, 1, 1), lock: lock.self()}
}

// Close releases the directories the ledger opened.
func (l *NotificationLedger) Close() { l.files.close() }

// maxLastError bounds the error a state records.
const maxLastError = 500

// ErrNotSent marks a send error where nothing reached the API, or where
// the run stopped the send itself (its notification deadline, a stop): the
// record keeps the error but counts no failed attempt.
var ErrNotSent = errors.New("not sent")

// oweAnnouncement adds to next, the state a transition writes, the
// notification owed on channels, and returns its encoding; data (the state
// without it) when there are no channels.
func oweAnnouncement(next *StateFile, path string, data []byte, channels []string) ([]byte, error) {
	if len(channels) == 0 {
		return data, nil
	}
	next.Notification = &StateNotification{Owed: slices.Clone(channels)}
	owed := next.Encode()
	if _, ds := ParseState(path, owed); hasError(ds) {
		return nil, fmt.Errorf("the state owing the notification (%s) would not be valid; the task was left as it was", strings.Join(channels, ", "))
	}
	return owed, nil
}

// Settle sends the notification o records, under the task's lock, on the
// owed channels that available (the channels configured now) lists, and
// records what is left.
func (l *NotificationLedger) Settle(o OwedNotification, available []string, send SendFunc) Settled {
	out := Settled{TaskID: o.TaskID, Owed: o.Owed, Attempts: o.Attempts, Sent: []string{}}
	err := l.update(o.Mailbox, o.TaskID, func(c *Checked, cur *StateNotification) (*StateNotification, bool) {
		if !cur.Pending() {
			out.Owed, out.Error = nil, "sent or given up meanwhile"
			return nil, false
		}
		out.Owed, out.Attempts = cur.Owed, cur.Attempts
		var now []string
		for _, ch := range cur.Owed {
			if slices.Contains(available, ch) {
				now = append(now, ch)
			}
		}
		if len(now) == 0 {
			out.Error = "owed on " + strings.Join(cur.Owed, ", ") + ", which this run does not notify on"
			return nil, false
		}
		failed, err := send(l.announced(c), now)
		left := slices.DeleteFunc(slices.Clone(cur.Owed), func(ch string) bool { return slices.Contains(now, ch) && !slices.Contains(failed, ch) })
		for _, ch := range now {
			if !slices.Contains(failed, ch) {
				out.Sent = append(out.Sent, ch)
			}
		}
		out.Owed = left
		if len(left) == 0 {
			return nil, true // everything sent: the record goes
		}
		rec := owedRecord(left, cur.Attempts, err != nil && !errors.Is(err, ErrNotSent), err)
		if err == nil {
			rec.LastError = cur.LastError
		}
		out.Attempts, out.GaveUp = rec.Attempts, rec.GaveUp
		if err != nil {
			out.Error = err.Error()
		}
		return rec, true
	})
	if err != nil && out.Error == "" {
		out.Error = err.Error()
	}
	return out
}

// owedRecord is the record after one more failure.
func owedRecord(channels []string, attempts int, attempted bool, cause error) *StateNotification {
	if attempted {
		attempts++
	}
	msg := "unknown error"
	if cause != nil {
		msg = strings.Join(strings.Fields(cause.Error()), " ")
	}
	if len(msg) > maxLastError {
		msg = strings.ToValidUTF8(msg[:maxLastError], "") + "…"
	}
	return &StateNotification{Owed: slices.Clone(channels), Attempts: attempts, LastError: msg, GaveUp: attempts >= MaxNotifyAttempts}
}

// announced is what a finished task's notification says, from its files
// as they are now: status, identity and the consumed result's artifacts.
func (l *NotificationLedger) announced(c *Checked) *TaskOutcome {
	d := ResolveTask(c, nil, l.now())
	d.Status = c.State.Status
	if d.Status == StatusCompleted && c.ConsumedResult {
		d.Artifacts = c.Artifacts
	}
	return outcome(c, d)
}

var errNotFinished = errors.New("the task's state is not a readable finished state")

// update changes the notification record of a finished task under its
// lock: fn sees the checked exchange and the current record, and returns
// the new one (nil removes it) and whether to write.
func (l *NotificationLedger) update(mailbox, taskID string, fn func(*Checked, *StateNotification) (*StateNotification, bool)) error {
	if !IsTaskID(taskID) || !l.files.isRealDir(mailbox+stateDir) {
		return errNotFinished
	}
	rel := lockPath(mailbox, taskID)
	lock, events, err := acquireLock(l.abs(rel), rel, taskID, l.lock, l.now())
	if len(events) > 0 {
		l.mu.Lock()
		l.events = append(l.events, events...)
		l.mu.Unlock()
	}
	if errors.Is(err, errLockBusy) {
		return fmt.Errorf("another process holds the task lock; the next resume tries again")
	}
	if err != nil {
		return err
	}
	err = l.updateLocked(mailbox, taskID, fn)
	if rerr := lock.release(); err == nil {
		err = rerr
	}
	return err
}

func (l *NotificationLedger) updateLocked(mailbox, taskID string, fn func(*Checked, *StateNotification) (*StateNotification, bool)) error {
	_, m, _ := l.ix.Owner(mailbox + taskID + ".request.json")
	x, _, err := readExchange(l.files.readFile, mailbox, taskID, m)
	if err != nil {
		return err
	}
	if x.State == nil || x.State.Src == nil {
		return errNotFinished
	}
	c := CheckExchange(x, l.env)
	if c.State == nil || !isTerminal(c.State.Status) || stateHasOwnErrors(c) {
		return errNotFinished
	}
	rec, write := fn(c, c.State.Notification)
	if !write {
		return nil
	}
	next := stateFileFrom(c.State)
	next.Notification = rec
	data := next.Encode()
	if _, ds := ParseState(x.State.Path, data); hasError(ds) {
		return fmt.Errorf("the updated state of %s would not be valid; left unchanged", taskID)
	}
	return writeAtomic(l.abs(x.State.Path), data, 0o644, true)
}

// stateFileFrom renders a parsed state as the shim writes it, every member
// copied: strings byte for byte from the file, the rest as parsed. Only a
// state without errors of its own is copied.
func stateFileFrom(st *State) *StateFile {
	root := st.Doc.Root
	str := func(name string) string {
		if v := root.Get(name); v != nil && v.Kind == source.KindString {
			return v.Str
		}
		return ""
	}
	return &StateFile{
		SchemaVersion: str("schemaVersion"), TaskID: str("taskId"), ConnectorID: str("connectorId"), Role: str("role"),
		BindingID: str("bindingId"), MemberName: str("memberName"), SquadRoot: str("squadRoot"),
		RequestSha256: str("requestSha256"), SnapshotSha256: str("snapshotSha256"),
		Deadline: str("deadline"), RetryCap: st.RetryCap, Attempts: st.Attempts, Status: str("status"),
		Consumed: st.Consumed, ResultSha256: str("resultSha256"), Reason: str("reason"),
		CreatedAt: str("createdAt"), UpdatedAt: str("updatedAt"), Notification: st.Notification,
	}
}

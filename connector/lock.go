package connector

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/squadci/squadci/internal/nofollow"
)

// The exclusive task lock of spec §5: <dropPath>/.squad-connector/<taskId>.lock,
// created with O_EXCL and holding the owner's pid, host and the time it was
// taken. It exists only while a resume works on the task.
//
// The holder also keeps an advisory flock on the lock's inode for as long
// as it holds it, taken right after the O_EXCL create and before the
// content is written. The kernel drops that flock when the holder dies,
// which gives breakers a second, race-free proof that the owner is gone:
// a breaker must hold the flock while it removes the lock, so two breakers
// can never remove each other's fresh lock. A lock without readable
// content (its writer died between create and write) is judged by its
// mtime and the flock alone, and only after lockWriteGrace.

// LockOwner is the content of a lock file.
type LockOwner struct {
	PID  int    `json:"pid"`
	Host string `json:"host"`
	Time string `json:"time"` // RFC 3339, UTC
}

// Lock events a resume reports.
const (
	LockBusy   = "busy"   // held by a live process (or one on another host): the task was skipped
	LockBroken = "broken" // older than the lock timeout and its owner is gone: removed
)

// LockEvent is a lock a resume found held by someone else.
type LockEvent struct {
	Path   string `json:"path"` // repository-relative
	TaskID string `json:"taskId"`
	Action string `json:"action"` // LockBusy or LockBroken
	// Owner is the lock's content; nil when the file could not be parsed.
	Owner *LockOwner `json:"owner,omitempty"`
	// Age is how long ago the lock was taken (by its time, or its mtime
	// when that is earlier).
	Age string `json:"age"`
	// Why says what decided: a live pid, another host, a younger lock.
	Why string `json:"why"`
}

// LockPolicy says who this process is and when another's lock is stale.
type LockPolicy struct {
	// Timeout is the age beyond which a lock whose owner is gone may be
	// broken. Zero breaks a dead owner's lock at once.
	Timeout time.Duration
	// PID and Host identify this process; zero values mean os.Getpid and
	// os.Hostname.
	PID  int
	Host string
}

func (p LockPolicy) self() LockPolicy {
	if p.PID == 0 {
		p.PID = os.Getpid()
	}
	if p.Host == "" {
		p.Host, _ = os.Hostname()
	}
	return p
}

// errLockBusy is returned by acquireLock when someone else holds the lock.
var errLockBusy = errors.New("task lock is held")

// taskLock is a held lock: its path and the flocked file.
type taskLock struct {
	path string
	f    *os.File
}

// lockPath is where the lock of a task lives: beside its state.
func lockPath(mailbox, taskID string) string { return mailbox + stateDir + taskID + ".lock" }

// lockWriteGrace is how long a lock may stay without content: its writer
// flocks it right after creating it and writes it at once, so an empty
// lock this old and not flocked was left by a dead process.
const lockWriteGrace = 2 * time.Second

// acquireLock takes the lock at abs (rel is its repository-relative path
// for reports). When the lock exists it is broken if it is stale, and
// taken once more; a lock held by a live owner yields errLockBusy. The
// events say what was found.
func acquireLock(abs, rel, taskID string, p LockPolicy, now time.Time) (*taskLock, []LockEvent, error) {
	return acquireTaskLock(abs, rel, taskID, p, now, time.Time{})
}

// lockTries and lockRetryDelay bound the wait for a task lock held by a
// live process: a resume, a poller or a merge holds it for one transition.
const (
	lockTries      = 50
	lockRetryDelay = 20 * time.Millisecond
)

// waitTaskLock is acquireTaskLock tried while another live process holds
// the lock, at most lockTries times, lockRetryDelay apart (now is read at
// each try); the events are the last try's. A lock still held after the
// last try is errLockBusy.
func waitTaskLock(abs, rel, taskID string, p LockPolicy, now func() time.Time, deadline time.Time) (*taskLock, []LockEvent, error) {
	for try := 1; ; try++ {
		lock, events, err := acquireTaskLock(abs, rel, taskID, p, now(), deadline)
		if err == nil || !errors.Is(err, errLockBusy) || try == lockTries {
			return lock, events, err
		}
		time.Sleep(lockRetryDelay)
	}
}

// acquireTaskLock is acquireLock for a task whose deadline is known (zero
// when it is not): past that deadline plus the lock timeout, a lock whose
// owner cannot be checked from here (another host's, or one whose pid now
// belongs to some other process) is stale too (staleLock).
func acquireTaskLock(abs, rel, taskID string, p LockPolicy, now, deadline time.Time) (*taskLock, []LockEvent, error) {
	var events []LockEvent
	for range 2 {
		l, err := createLock(abs, p, now)
		if err == nil {
			return l, events, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, events, err
		}
		ev, broken, err := breakIfStale(abs, p, now, deadline)
		if err != nil {
			return nil, events, err
		}
		if ev.Action != "" {
			ev.Path, ev.TaskID = rel, taskID
			events = append(events, ev)
		}
		if !broken {
			return nil, events, errLockBusy
		}
	}
	return nil, events, errLockBusy // someone else took it right after we broke it
}

// createLock creates the lock at path with O_EXCL (fs.ErrExist when one
// exists), flocks it at once and writes p's identity into it.
func createLock(path string, p LockPolicy, now time.Time) (*taskLock, error) {
	data, err := json.Marshal(LockOwner{PID: p.PID, Host: p.Host, Time: now.UTC().Format(time.RFC3339Nano)})
	if err != nil {
		return nil, err
	}
	var f *os.File
	err = inDir(filepath.Dir(path), func() (err error) {
		f, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		return err
	})
	if err != nil {
		return nil, err
	}
	if ok, err := tryFlock(f); err != nil || !ok {
		// Only a breaker that judged the brand-new, still empty file stale
		// can hold it: it is not ours.
		f.Close()
		return nil, fs.ErrExist
	}
	if _, err := f.Write(data); err != nil {
		os.Remove(path)
		f.Close()
		return nil, err
	}
	return &taskLock{path: path, f: f}, nil
}

// release removes the lock, then drops the flock.
func (l *taskLock) release() error {
	err := inDir(filepath.Dir(l.path), func() error { return os.Remove(l.path) })
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// breakIfStale judges the existing lock at path and removes it when
// staleLock finds it stale and no process holds its flock. A lock that
// vanished or was replaced meanwhile is no event (Action ""): the caller
// simply tries again.
func breakIfStale(path string, p LockPolicy, now, deadline time.Time) (LockEvent, bool, error) {
	ev := LockEvent{Action: LockBusy}
	f, err := nofollow.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return LockEvent{}, true, nil
	}
	if err != nil {
		ev.Why = "not a regular file; remove it by hand"
		return ev, false, nil
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return ev, false, err
	}
	if !info.Mode().IsRegular() {
		ev.Why = "not a regular file; remove it by hand"
		return ev, false, nil
	}
	owner := readLockOwner(f)
	v := staleLock(owner, info.ModTime(), p, now, deadline, processAlive)
	ev.Owner, ev.Age, ev.Why = owner, v.age.Round(time.Second).String(), v.why
	if !v.stale {
		return ev, false, nil
	}
	if ok, err := tryFlock(f); err != nil || !ok {
		ev.Why = "another process holds it"
		return ev, false, err
	}
	// Flocked by us: no other breaker can be removing it. Make sure the name
	// still points at the inode we judged before removing it.
	if cur, err := os.Lstat(path); err != nil || !os.SameFile(cur, info) {
		return LockEvent{}, true, nil
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return ev, false, err
	}
	ev.Action = LockBroken
	return ev, true, nil
}

// lockVerdict is what staleLock decided about a lock.
type lockVerdict struct {
	stale bool
	age   time.Duration // since it was taken (its time, else the file's mtime)
	why   string
}

// staleLock applies spec §5's rules to a lock held by someone else: owner
// is its content (nil when unreadable), mtime the file's. A lock is stale
//
//   - on this host, once it is older than the lock timeout and its pid is
//     gone (an unreadable one once it is older than the timeout and than
//     lockWriteGrace);
//   - whatever its host, once the task's deadline plus the lock timeout
//     has passed and the lock is older than the timeout: another host's
//     pid cannot be checked from here, and a pid alive here so long after
//     is some other process's — a resume or a poll holds a task's lock
//     for one transition only.
//
// The caller still needs the lock's flock before it removes it.
func staleLock(owner *LockOwner, mtime time.Time, p LockPolicy, now, deadline time.Time, alive func(int) bool) lockVerdict {
	// Taken by its recorded time, or by the file's mtime when that is
	// earlier: a time in the future (a skewed or forged clock) must not
	// keep a lock young for ever.
	taken := mtime
	if owner != nil {
		if t, err := time.Parse(time.RFC3339Nano, owner.Time); err == nil && (mtime.IsZero() || t.Before(mtime)) {
			taken = t
		}
	}
	v := lockVerdict{age: max(now.Sub(taken), 0)}
	var limit time.Time
	if !deadline.IsZero() {
		limit = deadline.Add(p.Timeout)
	}
	pastLimit := !limit.IsZero() && now.After(limit) && v.age > p.Timeout
	foreign := owner != nil && owner.Host != p.Host
	switch {
	case foreign && pastLimit:
		v.stale = true
		v.why = fmt.Sprintf("taken on host %q %s ago, past the task's deadline %s plus the lock timeout %s", owner.Host,
			v.age.Round(time.Second), FormatTimestamp(deadline), p.Timeout)
	case foreign:
		v.why = fmt.Sprintf("held on host %q; its pid cannot be checked from here", owner.Host)
		if !limit.IsZero() {
			v.why += fmt.Sprintf("; it may be broken after %s (the task's deadline plus the lock timeout %s)", FormatTimestamp(limit), p.Timeout)
		}
	case owner != nil && alive(owner.PID) && pastLimit:
		v.stale = true
		v.why = fmt.Sprintf("pid %d is running, but the lock is %s old, past the task's deadline %s plus the lock timeout %s: that pid is another process now",
			owner.PID, v.age.Round(time.Second), FormatTimestamp(deadline), p.Timeout)
	case owner != nil && alive(owner.PID):
		v.why = fmt.Sprintf("pid %d is running", owner.PID)
	case v.age <= p.Timeout:
		v.why = fmt.Sprintf("younger than the lock timeout %s", p.Timeout)
	case owner == nil && v.age <= lockWriteGrace:
		v.why = "being written"
	case owner == nil:
		v.stale, v.why = true, "unreadable lock older than the lock timeout, not held by any process"
	default:
		v.stale, v.why = true, fmt.Sprintf("pid %d is gone from this host", owner.PID)
	}
	return v
}

// readLockOwner parses a lock file; nil when it is not a lock we can read.
func readLockOwner(r io.Reader) *LockOwner {
	data, err := io.ReadAll(io.LimitReader(r, 4096))
	if err != nil {
		return nil
	}
	var o LockOwner
	if json.Unmarshal(data, &o) != nil || o.PID <= 0 || o.Host == "" {
		return nil
	}
	return &o
}

// removeStaleTemp removes a temporary state or claim file of the task
// whose lock the caller holds: both are written only under the lock, so
// any left is a dead writer's.
func removeStaleTemp(path string) error { return ignoreMissing(os.Remove(path)) }

func ignoreMissing(err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// stateTemp reports whether name, an entry of .squad-connector/, is a
// temporary state or claim file a killed writer left ("."+base+".tmp-*"),
// and whose.
func stateTemp(name string) (taskID string, ok bool) {
	rest, dot := strings.CutPrefix(name, ".")
	if !dot {
		return "", false
	}
	for _, base := range [...]string{".state.json.tmp-", ".claim.json.tmp-", ".merge.json.tmp-"} {
		if id, _, ok := strings.Cut(rest, base); ok && id != "" {
			return id, true
		}
	}
	return "", false
}

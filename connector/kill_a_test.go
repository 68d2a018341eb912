package connector

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// heldLockAt creates a task lock at abs owned by this (live) process, so
// that another acquirer finds it busy.
func heldLockAt(t *testing.T, abs string) *taskLock {
	t.Helper()
	l, err := createLock(abs, LockPolicy{}.self(), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// waitTaskLock tries again while a live process holds the lock: released
// before the second try (now is read at each try), the lock is taken.
func TestKillAWaitTaskLockTriesAgain(t *testing.T) {
	abs := filepath.Join(t.TempDir(), "t1.lock")
	held := heldLockAt(t, abs)
	calls := 0
	now := func() time.Time {
		calls++
		if calls == 2 {
			if err := held.release(); err != nil {
				t.Fatal(err)
			}
		}
		return time.Now()
	}
	l, _, err := waitTaskLock(abs, "t1.lock", "t1", LockPolicy{}.self(), now, time.Time{})
	if err != nil || l == nil {
		t.Fatalf("after the holder let go: %v, %v (tries %d)", l, err, calls)
	}
	if calls != 2 {
		t.Errorf("tries: %d, want 2", calls)
	}
	if err := l.release(); err != nil {
		t.Error(err)
	}
}

// release reports a lock that could not be removed.
func TestKillAReleaseReportsRemoveError(t *testing.T) {
	abs := filepath.Join(t.TempDir(), "t1.lock")
	l := heldLockAt(t, abs)
	if err := os.Remove(abs); err != nil {
		t.Fatal(err)
	}
	if err := l.release(); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("release of a vanished lock: %v", err)
	}
}

// A foreign lock exactly as old as the timeout, past deadline plus timeout,
// is not stale yet: it must be older.
func TestKillAStaleLockForeignAgeBoundary(t *testing.T) {
	taken := time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC)
	timeout := time.Minute
	owner := &LockOwner{PID: 1, Host: "elsewhere", Time: taken.Format(time.RFC3339Nano)}
	now := taken.Add(timeout)
	deadline := taken.Add(-time.Hour)
	p := LockPolicy{Timeout: timeout, PID: 2, Host: "here"}
	alive := func(int) bool { return true }
	if v := staleLock(owner, time.Time{}, p, now, deadline, alive); v.stale || v.age != timeout {
		t.Errorf("age == timeout: %+v", v)
	}
	if v := staleLock(owner, time.Time{}, p, now.Add(time.Nanosecond), deadline, alive); !v.stale {
		t.Errorf("age > timeout: %+v", v)
	}
}

// A lock naming pid 0 is not a lock we can read.
func TestKillAReadLockOwnerPIDZero(t *testing.T) {
	if o := readLockOwner(strings.NewReader(`{"pid":0,"host":"h","time":"2026-01-02T03:04:05Z"}`)); o != nil {
		t.Errorf("pid 0: %+v", o)
	}
	if o := readLockOwner(strings.NewReader(`{"pid":1,"host":"h","time":"2026-01-02T03:04:05Z"}`)); o == nil {
		t.Error("pid 1: nil")
	}
}

// Pid 0 is no process (kill(0, 0) would probe this process's group).
func TestKillAProcessAliveZero(t *testing.T) {
	if processAlive(0) {
		t.Error("processAlive(0) is true")
	}
	if !processAlive(os.Getpid()) {
		t.Error("this process is not alive")
	}
}

// A claim naming pid 0 is blank, not a legacy claim.
func TestKillAParseClaimPIDZero(t *testing.T) {
	rc := parseClaim([]byte(`{"pid":0,"host":"h","time":"2026-01-02T03:04:05Z"}`), time.Time{})
	if rc.form != claimBlank {
		t.Errorf("pid 0: form %d", rc.form)
	}
	if rc := parseClaim([]byte(`{"pid":1,"host":"h","time":"2026-01-02T03:04:05Z"}`), time.Time{}); rc.form != claimLegacy {
		t.Errorf("pid 1: form %d", rc.form)
	}
}

// A text starting with a line break has an empty first line.
func TestKillAOneLineTextLeadingBreak(t *testing.T) {
	for _, s := range []string{"\nsecond", "\r\nsecond"} {
		if got := oneLineText(s, 100); got != "" {
			t.Errorf("oneLineText(%q) = %q", s, got)
		}
	}
}

// A readable claim's verdict names its pid and host.
func TestKillAJudgeNamesTheClaimant(t *testing.T) {
	c := newClaim(LockPolicy{PID: 7, Host: "h"}, 1, time.Now(), time.Minute)
	c.finish(&AdapterRun{ExitCode: 1}, true, time.Now())
	v := claimJudge{self: LockPolicy{PID: 8, Host: "h"}, retryCap: 2, now: time.Now()}.judge(readClaim{form: claimCurrent, claim: *c})
	if !strings.Contains(v.Why, `attempt 1 (pid 7 on host "h")`) {
		t.Errorf("why: %q", v.Why)
	}
	blank := parseClaim(nil, time.Now())
	v = claimJudge{self: LockPolicy{PID: 8, Host: "h"}, retryCap: 2, now: time.Now(), deadline: time.Now().Add(time.Hour)}.judge(blank)
	if strings.Contains(v.Why, "pid") {
		t.Errorf("blank why: %q", v.Why)
	}
}

// An interrupted retry says which retry runs again.
func TestKillANextStepInterruptedRetry(t *testing.T) {
	c := &Claim{Attempt: 3, Outcome: ClaimInterrupted}
	if got := (claimJudge{retryCap: 5}).nextStep(c); !strings.Contains(got, "(retry 2 of 5)") {
		t.Errorf("next step: %q", got)
	}
}

// killATarget is a poller over a fresh repository with a mailbox box/ and
// a target for its task t1.
func killATarget(t *testing.T) (*poller, *pollTarget, string) {
	t.Helper()
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "box", ".squad-connector"), 0o755); err != nil {
		t.Fatal(err)
	}
	p := newPoller(root, PollOptions{})
	tg := &pollTarget{o: &PollOutcome{TaskID: "t1", Mailbox: "box/"}, rel: claimPath("box/", "t1"),
		judge: claimJudge{self: p.opts.Claim, deadline: time.Now().Add(time.Hour), now: time.Now(), alive: processAlive}}
	return p, tg, root
}

// writeClaim without overwrite reports an existing claim.
func TestKillAWriteClaimExisting(t *testing.T) {
	p, tg, root := killATarget(t)
	c := newClaim(p.opts.Claim, 1, time.Now(), time.Minute)
	writeRel(t, root, tg.rel, string(c.encode()))
	if err := p.writeClaim(tg, c, false); !errors.Is(err, fs.ErrExist) {
		t.Errorf("write over an existing claim: %v", err)
	}
}

// A lock that cannot be released is the outcome's error.
func TestKillAPollerReleaseError(t *testing.T) {
	p, tg, _ := killATarget(t)
	lock, why := p.lockTask(tg)
	if lock == nil {
		t.Fatalf("lock: %s (%s)", why, tg.o.Error)
	}
	if err := os.Remove(lock.path); err != nil {
		t.Fatal(err)
	}
	p.release(tg, lock)
	if !strings.Contains(tg.o.Error, "releasing the task lock") {
		t.Errorf("error: %q", tg.o.Error)
	}
}

// A lock held by a live process is busy, and why says so.
func TestKillALockTaskBusyWhy(t *testing.T) {
	p, tg, root := killATarget(t)
	held := heldLockAt(t, filepath.Join(root, filepath.FromSlash(lockPath("box/", "t1"))))
	defer held.release()
	lock, why := p.lockTask(tg)
	if lock != nil {
		lock.release()
		t.Fatal("took a held lock")
	}
	want := "its lock stayed held (pid " + strconv.Itoa(os.Getpid()) + " is running)"
	if why != want || tg.o.Lock == nil {
		t.Errorf("why: %q, want %q (lock event %+v)", why, want, tg.o.Lock)
	}
}

// Without a process group recordGroup leaves the claim alone.
func TestKillARecordGroupWithoutGroup(t *testing.T) {
	p, tg, root := killATarget(t)
	c := newClaim(p.opts.Claim, 1, time.Now(), time.Minute)
	disk := string(c.encode())
	writeRel(t, root, tg.rel, disk)
	mine := *c
	mine.Error = "only in memory"
	p.recordGroup(tg, &mine, 0)
	got, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(tg.rel)))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != disk || tg.o.Error != "" {
		t.Errorf("claim rewritten without a group: %s (error %q)", got, tg.o.Error)
	}
}

// swapClaimFS replaces the claim at rel by a directory when the poller
// looks at it, after it was read: the write that follows must fail.
type swapClaimFS struct {
	ReadFS
	root, rel string
	t         *testing.T
}

func (s swapClaimFS) Lstat(rel string) (fs.FileInfo, error) {
	if rel == s.rel {
		abs := filepath.Join(s.root, filepath.FromSlash(rel))
		if err := os.Remove(abs); err != nil {
			s.t.Error(err)
		} else if err := os.Mkdir(abs, 0o755); err != nil {
			s.t.Error(err)
		}
	}
	return s.ReadFS.Lstat(rel)
}

// A process group that could not be recorded is the outcome's error.
func TestKillARecordGroupWriteError(t *testing.T) {
	p, tg, root := killATarget(t)
	c := newClaim(p.opts.Claim, 1, time.Now(), time.Minute)
	writeRel(t, root, tg.rel, string(c.encode()))
	p.fsys = swapClaimFS{ReadFS: p.fsys, root: root, rel: tg.rel, t: t}
	p.recordGroup(tg, c, 4242)
	if !strings.Contains(tg.o.Error, "recording the run's process group") {
		t.Errorf("error: %q", tg.o.Error)
	}
}

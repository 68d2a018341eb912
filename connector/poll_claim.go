package connector

import (
	"errors"
	"fmt"
	"io/fs"
	"time"
)

// The claim's transitions. Taking a task (its first run or a retry) and
// recording how a run ended both happen under the task's lock
// (.squad-connector/<taskId>.lock, the one resume takes), held only for
// the transition, never while the adapter runs: re-read the claim,
// re-check, replace it whole. So of two pollers racing for a retry the
// second finds the first one's attempt, and a claimant records its end
// only while the claim is still its own run.

// pollTarget is one task a poll works on.
type pollTarget struct {
	o     *PollOutcome
	rel   string // the claim, repository-relative
	judge claimJudge
	found *readClaim // the claim as last read; nil when there is none
}

// lockedHook, nil outside tests, runs when a poller holds a task's lock
// and is about to re-read its claim ("take" before claiming it, "finish"
// before recording a run's end): the tests make another poller's claim
// appear exactly there, where a race would put it.
var lockedHook func(phase, taskID string)

// peekClaim reads the task's claim and judges it. Without a claim the
// task's first run may start.
func (p *poller) peekClaim(t *pollTarget) (claimVerdict, error) {
	t.found = nil
	src, err := p.files.readFile(t.rel, maxClaimSize)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return claimVerdict{Action: PollRan, Next: 1}, nil
	case err != nil:
		var tooLarge *FileTooLargeError
		if errors.As(err, &tooLarge) {
			src = nil // judged as a blank claim
			break
		}
		if kind := p.notRegular(t.rel); kind != "" {
			return claimVerdict{}, fmt.Errorf("the claim %s is %s, not a claim file; remove it by hand", t.rel, kind)
		}
		if errors.Is(err, ErrLink) {
			return claimVerdict{}, fmt.Errorf("the claim %s is not a regular file; remove it by hand", t.rel)
		}
		return claimVerdict{}, fmt.Errorf("reading the claim %s: %w", t.rel, err)
	}
	var mtime time.Time
	if info, err := p.fsys.Lstat(t.rel); err == nil {
		mtime = info.ModTime()
	}
	rc := parseClaim(src, mtime)
	t.found = &rc
	return t.judge.judge(rc), nil
}

// notRegular names what the entry at rel is when it is no regular file
// ("a directory", "a symlink", …), or a link on its way; "" otherwise.
func (p *poller) notRegular(rel string) string {
	info, err := p.fsys.Lstat(rel)
	switch {
	case errors.Is(err, ErrLink):
		return "behind a symlink or special file in its path"
	case err != nil:
		return ""
	}
	if info.Mode().IsRegular() {
		return ""
	}
	return describeMode(info.Mode())
}

// reportClaim fills the outcome of a task the poll leaves alone.
func (p *poller) reportClaim(t *pollTarget, v claimVerdict) {
	t.o.Action, t.o.Why = v.Action, v.Why
	if t.found != nil && t.found.form != claimBlank {
		c := t.found.claim
		t.o.Claim = &c
	}
	if v.Action == PollExhausted {
		t.o.Next = t.judge.nextStep(&t.found.claim)
	}
}

// takeClaim claims the task for run v.Next under its lock and returns the
// claim written; nil when the outcome already says why not.
func (p *poller) takeClaim(t *pollTarget, v claimVerdict, timeout time.Duration) *Claim {
	lock, why := p.lockTask(t)
	if lock == nil {
		if t.o.Error == "" {
			t.o.Action, t.o.Why = PollBusy, why
		}
		return nil
	}
	defer p.release(t, lock)
	// A merge that died part way through this task is settled first: a
	// half-merged claim must not decide whether the adapter runs.
	if _, err := recoverMerge(p.root, t.o.Mailbox, t.o.TaskID); err != nil {
		t.o.Error = err.Error()
		return nil
	}
	if lockedHook != nil {
		lockedHook("take", t.o.TaskID)
	}
	again, err := p.peekClaim(t)
	switch {
	case err != nil:
		t.o.Error = err.Error()
		return nil
	case again.Action != PollRan:
		p.reportClaim(t, again) // another poller took it meanwhile
		return nil
	case again.Next != v.Next:
		// Another poller ran it meanwhile, and that run failed too: its
		// retry is the next pass's, never a second run in this one.
		p.reportClaim(t, claimVerdict{Action: PollClaimed, Why: again.Why + " meanwhile; the next poll retries it"})
		return nil
	}
	if _, err := p.fsys.Lstat(t.o.Mailbox + t.o.TaskID + ".result.json"); err == nil {
		t.o.Action, t.o.Why = PollClaimed, "a result appeared meanwhile"
		return nil
	}
	switch {
	case t.found == nil:
	case v.Next > t.found.claim.Attempt:
		t.o.Why = "retry: " + v.Why
	default:
		t.o.Why = "run again, at no cost: " + v.Why
	}
	c := newClaim(p.opts.Claim, v.Next, p.now(), timeout)
	err = p.writeClaim(t, c, t.found != nil) // a retry, or an interrupted run again
	if errors.Is(err, fs.ErrExist) {
		// Only a poller of an earlier version claims without the lock.
		t.o.Action, t.o.Why = PollClaimed, "claimed by another poller meanwhile"
		return nil
	}
	if err != nil {
		t.o.Error = "claiming the task: " + err.Error()
		return nil
	}
	return c
}

// finishClaim records how the run ended, if the claim is still this run's,
// and says what happens next.
func (p *poller) finishClaim(t *pollTarget, c *Claim, run *AdapterRun, result bool) {
	c.finish(run, result, p.now())
	if c.failed() {
		t.o.Next = t.judge.nextStep(c)
	}
	lock, why := p.lockTask(t)
	if lock == nil {
		t.o.Next = fmt.Sprintf("its end could not be recorded (%s): a later poll retries it after %s if it ended without a result", why, c.EndBy)
		return
	}
	defer p.release(t, lock)
	if lockedHook != nil {
		lockedHook("finish", t.o.TaskID)
	}
	if _, err := p.peekClaim(t); err != nil {
		t.o.Error = "recording the run's end: " + err.Error()
		return
	}
	if t.found == nil || t.found.form != claimCurrent || !t.found.claim.sameRun(c) {
		t.o.Next = "its claim was taken over by another poller, so its end was not recorded"
		return
	}
	if err := p.writeClaim(t, c, true); err != nil {
		t.o.Error = "recording the run's end: " + err.Error()
	}
}

// recordGroup records the started run's process group in its claim, so
// that a later poll on this host, should this one be killed, retries the
// run only once the group is gone. Without a group, or when the claim
// could not be written, the end-by time alone bounds the run.
func (p *poller) recordGroup(t *pollTarget, c *Claim, pgid int) {
	if pgid <= 0 {
		return
	}
	c.PGID = pgid
	lock, _ := p.lockTask(t)
	if lock == nil {
		return
	}
	defer p.release(t, lock)
	if _, err := p.peekClaim(t); err != nil || t.found == nil || t.found.form != claimCurrent ||
		!t.found.claim.sameRun(c) || t.found.claim.ended() {
		return
	}
	if err := p.writeClaim(t, c, true); err != nil && t.o.Error == "" {
		t.o.Error = "recording the run's process group: " + err.Error()
	}
}

// writeClaim publishes the claim durably, its temporary file in
// .squad-connector/ (where a resume removes one a killed writer left).
func (p *poller) writeClaim(t *pollTarget, c *Claim, overwrite bool) error {
	abs := p.abs(t.rel)
	if err := writeVia(p.abs(t.o.Mailbox+stateDir), abs, c.encode(), 0o644, overwrite); err != nil {
		return err
	}
	return syncDir(parentDir(abs))
}

// lockTask takes the task's lock, waiting a little while a live process
// holds it; nil when it could not, with why (an I/O problem is set as the
// outcome's error).
func (p *poller) lockTask(t *pollTarget) (*taskLock, string) {
	rel := lockPath(t.o.Mailbox, t.o.TaskID)
	lock, events, err := waitTaskLock(p.abs(rel), rel, t.o.TaskID, p.opts.Claim, p.now, t.judge.deadline)
	if len(events) > 0 {
		ev := events[len(events)-1]
		t.o.Lock = &ev
	}
	switch {
	case err == nil:
		return lock, ""
	case !errors.Is(err, errLockBusy):
		t.o.Error = "taking the task lock: " + err.Error()
		return nil, "the task lock could not be taken"
	}
	why := "its lock stayed held"
	if t.o.Lock != nil {
		why += " (" + t.o.Lock.Why + ")"
	}
	return nil, why
}

func (p *poller) release(t *pollTarget, lock *taskLock) {
	if err := lock.release(); err != nil && t.o.Error == "" {
		t.o.Error = "releasing the task lock: " + err.Error()
	}
}

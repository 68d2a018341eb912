package connector

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// otherPollersClaim writes, as another poller on another host would, the
// task's claim for run attempt, ended with exit code 3 when failed.
func otherPollersClaim(t *testing.T, root string, d *Dispatched, attempt int, failed bool) *Claim {
	t.Helper()
	now := time.Now()
	c := newClaim(LockPolicy{PID: 424242, Host: "other-runner"}, attempt, now.Add(-time.Second), time.Minute)
	if failed {
		c.finish(&AdapterRun{ExitCode: 3}, false, now)
	}
	writeRel(t, root, claimPath(filepathDir(d.Request), d.TaskID), string(c.encode()))
	return c
}

// withLockedHook sets lockedHook for the test, calling fn once at phase.
func withLockedHook(t *testing.T, phase string, fn func()) *int {
	t.Helper()
	calls := 0
	lockedHook = func(p, _ string) {
		if p == phase {
			calls++
			if calls == 1 {
				fn()
			}
		}
	}
	t.Cleanup(func() { lockedHook = nil })
	return &calls
}

// TestPollRechecksTheClaimUnderTheLock: a claim another poller writes
// between this poll's first look and its lock wins. For a first run, this
// poll reports it claimed and never starts the adapter; for a retry that
// the other poller already ran (and that failed too), this poll does not
// run a second retry in the same pass, so no task runs past its retry cap.
func TestPollRechecksTheClaimUnderTheLock(t *testing.T) {
	t.Run("first run", func(t *testing.T) {
		root, ms := resumeRepo(t)
		d := dispatchAt(t, root, ms, time.Now(), 60, 1)
		adapters := map[string]Adapter{"acme-research-agent": {Command: adapterScript(t, root, "none"), Timeout: time.Minute}}
		var other *Claim
		calls := withLockedHook(t, "take", func() { other = otherPollersClaim(t, root, d, 1, false) })
		o := pollOnce(t, root, ms, adapters)[d.TaskID]
		if *calls == 0 {
			t.Fatal("the poll never re-read the claim under the lock")
		}
		if n := adapterCalls(t, root); n != 0 || o.Action == PollRan {
			t.Fatalf("the adapter ran %d times though another poller claimed the task: %+v", n, o)
		}
		if rc := readClaimFile(t, root, d); !rc.claim.sameRun(other) {
			t.Errorf("the other poller's claim was replaced: %+v", rc.claim)
		}
		// The run in progress is reported as the other poller's, and not as
		// a failed run that a later poll retries.
		if o.Action != PollClaimed || o.Claim == nil || !o.Claim.sameRun(other) || strings.Contains(o.Why, "retries") {
			t.Errorf("outcome %s %q claim %+v, want claimed by the other poller", o.Action, o.Why, o.Claim)
		}
	})
	t.Run("retry", func(t *testing.T) {
		root, ms := resumeRepo(t)
		d := dispatchAt(t, root, ms, time.Now(), 60, 2)
		adapters := map[string]Adapter{"acme-research-agent": {Command: adapterScript(t, root, "none"), Timeout: time.Minute}}
		if o := pollOnce(t, root, ms, adapters)[d.TaskID]; o.Action != PollRan || adapterCalls(t, root) != 1 {
			t.Fatalf("first pass: %+v", o)
		}
		var other *Claim
		withLockedHook(t, "take", func() { other = otherPollersClaim(t, root, d, 2, true) })
		o := pollOnce(t, root, ms, adapters)[d.TaskID]
		if n := adapterCalls(t, root); n != 1 || o.Action == PollRan {
			t.Fatalf("a second retry ran in the pass whose retry another poller ran (%d runs): %+v", n, o)
		}
		if o.Action != PollClaimed || !strings.Contains(o.Why, "meanwhile") {
			t.Errorf("outcome %s %q, want claimed meanwhile", o.Action, o.Why)
		}
		rc := readClaimFile(t, root, d)
		if !rc.claim.sameRun(other) || rc.claim.Attempt != 2 {
			t.Errorf("claim on disk %+v, want the other poller's attempt 2", rc.claim)
		}
		// The pass after that takes the last retry, and nothing more.
		lockedHook = nil
		if o := pollOnce(t, root, ms, adapters)[d.TaskID]; o.Action != PollRan || adapterCalls(t, root) != 2 {
			t.Fatalf("third pass: %+v, %d runs", o, adapterCalls(t, root))
		}
		if o := pollOnce(t, root, ms, adapters)[d.TaskID]; o.Action != PollExhausted || adapterCalls(t, root) != 2 {
			t.Errorf("past the retry cap: %+v, %d runs", o, adapterCalls(t, root))
		}
	})
}

// TestPollDoesNotRecordItsEndOverATakeover: when another poller took the
// claim over while this one's adapter ran, this poll leaves that claim as
// it is and says so.
func TestPollDoesNotRecordItsEndOverATakeover(t *testing.T) {
	root, ms := resumeRepo(t)
	d := dispatchAt(t, root, ms, time.Now(), 60, 1)
	adapters := map[string]Adapter{"acme-research-agent": {Command: adapterScript(t, root, "none"), Timeout: time.Minute}}
	var other *Claim
	calls := withLockedHook(t, "finish", func() { other = otherPollersClaim(t, root, d, 2, false) })
	o := pollOnce(t, root, ms, adapters)[d.TaskID]
	if *calls == 0 || adapterCalls(t, root) != 1 {
		t.Fatalf("hook calls %d, runs %d: %+v", *calls, adapterCalls(t, root), o)
	}
	if !strings.Contains(o.Next, "taken over") {
		t.Errorf("next %q, want that the claim was taken over", o.Next)
	}
	rc := readClaimFile(t, root, d)
	if !rc.claim.sameRun(other) || rc.claim.ended() {
		t.Errorf("claim on disk %+v, want the other poller's running attempt 2", rc.claim)
	}
	if _, err := os.Stat(filepath.Join(root, lockPath(filepathDir(d.Request), d.TaskID))); err == nil {
		t.Error("the task lock was left behind")
	}
}

package connector

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// readClaimFile parses the task's claim from disk.
func readClaimFile(t *testing.T, root string, d *Dispatched) readClaim {
	t.Helper()
	p := filepath.Join(root, claimPath(filepathDir(d.Request), d.TaskID))
	src, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	info, _ := os.Stat(p)
	return parseClaim(src, info.ModTime())
}

func adapterCalls(t *testing.T, root string) int {
	calls, _ := os.ReadFile(filepath.Join(root, "calls.log"))
	return strings.Count(string(calls), "\n")
}

// A run that exits non-zero is retried by the next pass, retryCap times,
// then left to resume; each pass says what comes next.
func TestPollRetriesAFailedRun(t *testing.T) {
	root, ms := resumeRepo(t)
	d := dispatchAt(t, root, ms, time.Now(), 60, 1)
	adapters := map[string]Adapter{"acme-research-agent": {Command: adapterScript(t, root, "none"), Timeout: time.Minute}}
	for pass, want := range []struct{ action, next string }{
		{PollRan, "will be retried by the next poll (retry 1 of 1)"},
		{PollRan, "no retries left: resume will mark it unreachable at its deadline"},
		{PollExhausted, "no retries left"},
	} {
		o := pollOnce(t, root, ms, adapters)[d.TaskID]
		if o.Action != want.action || !strings.HasPrefix(o.Next, want.next) || o.Claim == nil {
			t.Fatalf("pass %d: %s %q %+v", pass+1, o.Action, o.Next, o)
		}
		rc := readClaimFile(t, root, d)
		if c := rc.claim; rc.form != claimCurrent || c.Attempt != min(pass+1, 2) || c.Outcome != ClaimExited || *c.ExitCode != 3 || c.Result {
			t.Errorf("pass %d: claim %+v", pass+1, c)
		}
	}
	if n := adapterCalls(t, root); n != 2 {
		t.Errorf("adapter ran %d times, want 2 (the run and its one retry)", n)
	}
}

// A run that wrote a result and then failed is never repeated, even when
// its result is gone.
func TestPollNeverRepeatsARunThatWroteAResult(t *testing.T) {
	root, ms := resumeRepo(t)
	d := dispatchAt(t, root, ms, time.Now(), 60, 2)
	adapters := map[string]Adapter{"acme-research-agent": {Command: adapterScript(t, root, "goodfail"), Timeout: time.Minute}}
	o := pollOnce(t, root, ms, adapters)[d.TaskID]
	if o.Action != PollRan || o.Run.ExitCode != 1 || o.Check.Status != StatusCompleted || o.Next != "" || !o.Claim.Result {
		t.Fatalf("first pass: %+v run %+v claim %+v", o, o.Run, o.Claim)
	}
	if again := pollOnce(t, root, ms, adapters); len(again) != 0 {
		t.Errorf("a task with a result is pending: %+v", again)
	}
	if err := os.Remove(filepath.Join(root, filepathDir(d.Request)+d.TaskID+".result.json")); err != nil {
		t.Fatal(err)
	}
	o = pollOnce(t, root, ms, adapters)[d.TaskID]
	if o.Action != PollClaimed || !strings.Contains(o.Why, "wrote a result") || adapterCalls(t, root) != 1 {
		t.Errorf("after the result vanished: %+v, %d runs", o, adapterCalls(t, root))
	}
}

// A missing or non-executable adapter command is a configuration error
// found before anything is claimed.
func TestPollRefusesAMissingAdapter(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("exec bits and sh")
	}
	root, ms := resumeRepo(t)
	d := dispatchAt(t, root, ms, time.Now(), 60, 2)
	writeRel(t, root, "scripts/plain.sh", "#!/bin/sh\n")
	os.Chmod(filepath.Join(root, "scripts/plain.sh"), 0o644)
	before := snapshotTree(t, root)
	for _, tc := range []struct{ command, why string }{
		{"./scripts/adaptr.sh", "no such file (relative to the repository root)"},
		{"scripts/plain.sh", "not executable"},
		{"./scripts", "is a directory"},
		{"squadci-no-such-adapter", "not found on PATH"},
		{filepath.Join(root, "nowhere"), "no such file (an absolute path)"},
	} {
		adapters := map[string]Adapter{"acme-research-agent": {Command: []string{tc.command, "--flag"}}}
		rep, err := Poll(context.Background(), root, PollOptions{Manifests: ms, Adapters: adapters})
		var ae *AdapterCommandError
		if rep != nil || !errors.As(err, &ae) || len(ae.Problems) != 1 || ae.Problems[0].ConnectorID != "acme-research-agent" ||
			ae.Problems[0].Command != tc.command || !strings.Contains(ae.Problems[0].Err.Error(), tc.why) {
			t.Errorf("%s: %v %v", tc.command, rep, err)
		}
	}
	if !reflect.DeepEqual(before, snapshotTree(t, root)) {
		t.Errorf("a refused poll changed the tree (task %s)", d.TaskID)
	}
	// An adapter for a connector without a manifest is never run, so never checked.
	rep, err := Poll(context.Background(), root, PollOptions{Manifests: ms, Adapters: map[string]Adapter{"nobody": {Command: []string{"./missing"}}}})
	if err != nil || len(rep.Tasks) != 1 {
		t.Errorf("unmapped adapter: %v %+v", err, rep)
	}
}

// Claims an earlier version wrote, and blank ones, are retried once the
// adapter's configured timeout has passed since they were taken.
func TestPollRetriesOldAndBlankClaims(t *testing.T) {
	host, _ := os.Hostname()
	for _, tc := range []struct {
		name    string
		content func(taken time.Time) string
		age     time.Duration
		action  string
	}{
		{"legacy, fresh", func(at time.Time) string { return legacyClaim(deadPID(t), host, at) }, time.Minute, PollClaimed},
		{"legacy, old", func(at time.Time) string { return legacyClaim(deadPID(t), host, at) }, time.Hour, PollRan},
		{"legacy, pid alive", func(at time.Time) string { return legacyClaim(os.Getppid(), host, at) }, time.Hour, PollClaimed},
		{"blank, fresh", func(time.Time) string { return "" }, time.Minute, PollClaimed},
		{"blank, old", func(time.Time) string { return "" }, time.Hour, PollRan},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, ms := resumeRepo(t)
			d := dispatchAt(t, root, ms, time.Now().Add(-2*time.Hour), 240, 2)
			taken := time.Now().Add(-tc.age)
			rel := claimPath(filepathDir(d.Request), d.TaskID)
			writeRel(t, root, rel, tc.content(taken))
			os.Chtimes(filepath.Join(root, rel), taken, taken)
			adapters := map[string]Adapter{"acme-research-agent": {Command: adapterScript(t, root, "good"), Timeout: 10 * time.Minute}}
			o := pollOnce(t, root, ms, adapters)[d.TaskID]
			if o.Action != tc.action {
				t.Fatalf("action %s (%s), want %s", o.Action, o.Why, tc.action)
			}
			if tc.action == PollRan && (o.Claim.Attempt != 2 || o.Check.Status != StatusCompleted || readClaimFile(t, root, d).claim.Attempt != 2) {
				t.Errorf("retry: %+v", o.Claim)
			}
		})
	}
}

func legacyClaim(pid int, host string, at time.Time) string {
	return `{"pid":` + strconv.Itoa(pid) + `,"host":"` + host + `","time":"` + at.UTC().Format(time.RFC3339Nano) + `"}` + "\n"
}

// Pollers racing over failed claims retry each task exactly once.
func TestRacingPollersRetryOnce(t *testing.T) {
	root, ms := resumeRepo(t)
	var tasks []*Dispatched
	for range 20 {
		d := dispatchAt(t, root, ms, time.Now(), 60, 2)
		c := newClaim(LockPolicy{PID: deadPID(t), Host: "elsewhere"}, 1, time.Now().Add(-time.Minute), time.Minute)
		c.finish(&AdapterRun{ExitCode: 1}, false, time.Now())
		writeRel(t, root, claimPath(filepathDir(d.Request), d.TaskID), string(c.encode()))
		tasks = append(tasks, d)
	}
	adapters := map[string]Adapter{"acme-research-agent": {Command: adapterScript(t, root, "good"), Timeout: time.Minute}}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() { pollOnce(t, root, ms, adapters) })
	}
	wg.Wait()
	calls, _ := os.ReadFile(filepath.Join(root, "calls.log"))
	for _, d := range tasks {
		if n := strings.Count(string(calls), "|"+d.TaskID+"|"); n != 1 {
			t.Errorf("%s: adapter ran %d times", d.TaskID, n)
		}
		if c := readClaimFile(t, root, d).claim; c.Attempt != 2 || !c.Result {
			t.Errorf("%s: claim %+v", d.TaskID, c)
		}
	}
	if entries, _ := filepath.Glob(filepath.Join(root, ".connector-drops/*/.squad-connector/*.lock")); len(entries) != 0 {
		t.Errorf("locks left: %v", entries)
	}
}

// A retry waits for a task lock another live process holds, then leaves
// the task to the next pass, saying so; it never runs without the lock.
func TestPollRetrySkipsAHeldLock(t *testing.T) {
	root, ms := resumeRepo(t)
	d := dispatchAt(t, root, ms, time.Now(), 60, 2)
	c := newClaim(LockPolicy{PID: deadPID(t), Host: "elsewhere"}, 1, time.Now().Add(-time.Minute), time.Minute)
	c.finish(&AdapterRun{ExitCode: 1}, false, time.Now())
	writeRel(t, root, claimPath(filepathDir(d.Request), d.TaskID), string(c.encode()))
	lock := lockPath(filepathDir(d.Request), d.TaskID)
	held, _, err := acquireLock(filepath.Join(root, lock), lock, d.TaskID, LockPolicy{}.self(), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	adapters := map[string]Adapter{"acme-research-agent": {Command: adapterScript(t, root, "good"), Timeout: time.Minute}}
	o := pollOnce(t, root, ms, adapters)[d.TaskID]
	if o.Action != PollBusy || !strings.Contains(o.Why, "lock stayed held") || o.Lock == nil || adapterCalls(t, root) != 0 {
		t.Errorf("held lock: %+v, %d runs", o, adapterCalls(t, root))
	}
	held.release()
	if o := pollOnce(t, root, ms, adapters)[d.TaskID]; o.Action != PollRan || o.Claim.Attempt != 2 {
		t.Errorf("after release: %+v", o)
	}
}

// A run that times out, or whose command passes the check but cannot be
// started (not a program), is recorded as such and retried.
func TestPollRecordsTimeoutsAndFailedStarts(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("exec bits and sh")
	}
	root, ms := resumeRepo(t)
	d := dispatchAt(t, root, ms, time.Now(), 60, 2)
	writeRel(t, root, "bin/not-a-program", "\x00\x01\x02 not a program\n")
	if err := os.Chmod(filepath.Join(root, "bin/not-a-program"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		adapter Adapter
		outcome string
	}{
		{Adapter{Command: []string{"./bin/not-a-program"}}, ClaimFailedToStart},
		{Adapter{Command: adapterScript(t, root, "sleep"), Timeout: 200 * time.Millisecond}, ClaimTimedOut},
	} {
		o := pollOnce(t, root, ms, map[string]Adapter{"acme-research-agent": tc.adapter})[d.TaskID]
		if o.Action != PollRan || !o.Run.Failed() || !strings.HasPrefix(o.Next, "will be retried by the next poll") {
			t.Fatalf("%s: %+v run %+v", tc.outcome, o, o.Run)
		}
		if c := readClaimFile(t, root, d).claim; c.Outcome != tc.outcome || c.Error == "" || c.ExitCode != nil {
			t.Errorf("%s: claim %+v", tc.outcome, c)
		}
	}
}

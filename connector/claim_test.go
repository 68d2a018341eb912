package connector

import (
	"strings"
	"testing"
	"time"
)

var claimNow = time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)

func ts(d time.Duration) string { return claimNow.Add(d).Format(time.RFC3339Nano) }

func TestParseClaim(t *testing.T) {
	mtime := claimNow.Add(-time.Hour)
	running := `{"pid":7,"host":"h","time":"` + ts(-time.Minute) + `","attempt":2,"timeout":"10m0s","endBy":"` + ts(9*time.Minute) + `","outcome":"running"}`
	exited := `{"pid":7,"host":"h","time":"` + ts(-time.Minute) + `","attempt":1,"timeout":"10m0s","endBy":"` + ts(9*time.Minute) +
		`","outcome":"exited","exitCode":1,"finishedAt":"` + ts(0) + `"}`
	for _, tc := range []struct {
		name, src string
		form      claimForm
		attempt   int
	}{
		{"running", running, claimCurrent, 2},
		{"exited", exited, claimCurrent, 1},
		{"legacy", `{"pid":7,"host":"h","time":"` + ts(-time.Minute) + `"}` + "\n", claimLegacy, 1},
		{"empty", "", claimBlank, 1},
		{"torn", running[:40], claimBlank, 1},
		{"unknown field", strings.Replace(running, `"pid"`, `"who":1,"pid"`, 1), claimBlank, 1},
		{"trailing data", running + "{}", claimBlank, 1},
		{"bad outcome", strings.Replace(running, `"running"`, `"done"`, 1), claimBlank, 1},
		{"running with an end", strings.Replace(exited, `"exited"`, `"running"`, 1), claimBlank, 1},
		{"exit without code", strings.Replace(exited, `"exitCode":1,`, ``, 1), claimBlank, 1},
		{"attempt 0", strings.Replace(running, `"attempt":2`, `"attempt":0`, 1), claimBlank, 1},
		{"bad endBy", strings.Replace(running, `"endBy":"`, `"endBy":"x`, 1), claimBlank, 1},
		{"legacy without host", `{"pid":7,"host":"","time":"` + ts(0) + `"}`, claimBlank, 1},
		{"not an object", `[1]`, claimBlank, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rc := parseClaim([]byte(tc.src), mtime)
			if rc.form != tc.form || rc.claim.Attempt != tc.attempt {
				t.Fatalf("form %d attempt %d, want %d %d", rc.form, rc.claim.Attempt, tc.form, tc.attempt)
			}
			if want := mtime; tc.form == claimBlank && !rc.started.Equal(want) || tc.form != claimBlank && !rc.started.Equal(claimNow.Add(-time.Minute)) {
				t.Errorf("started %s", rc.started)
			}
		})
	}
	// What a poll writes reads back the same.
	c := newClaim(LockPolicy{PID: 9, Host: "h"}, 3, claimNow, 5*time.Minute)
	if rc := parseClaim(c.encode(), time.Time{}); rc.form != claimCurrent || !rc.claim.sameRun(c) || rc.claim.EndBy != ts(5*time.Minute) {
		t.Errorf("round trip: %+v", rc)
	}
	c.finish(&AdapterRun{ExitCode: 4}, false, claimNow)
	if rc := parseClaim(c.encode(), time.Time{}); rc.form != claimCurrent || rc.claim.Outcome != ClaimExited || *rc.claim.ExitCode != 4 {
		t.Errorf("finished round trip: %+v", rc)
	}
}

func TestClaimFinishOutcomes(t *testing.T) {
	for _, tc := range []struct {
		run     AdapterRun
		outcome string
		failed  bool
	}{
		{AdapterRun{ExitCode: 0}, ClaimExited, false},
		{AdapterRun{ExitCode: 2}, ClaimExited, true},
		{AdapterRun{ExitCode: -1, NotStarted: true, Error: "fork/exec ./x: no such file or directory"}, ClaimFailedToStart, true},
		{AdapterRun{ExitCode: -1, TimedOut: true, Error: "stopped at its timeout"}, ClaimTimedOut, true},
		{AdapterRun{ExitCode: -1, Error: "signal: killed"}, ClaimStopped, true},
	} {
		c := newClaim(LockPolicy{PID: 9, Host: "h"}, 1, claimNow, time.Minute)
		c.finish(&tc.run, false, claimNow)
		if c.Outcome != tc.outcome || c.failed() != tc.failed || c.validate() != nil {
			t.Errorf("%+v: outcome %s failed %v (%v)", tc.run, c.Outcome, c.failed(), c.validate())
		}
		c.finish(&tc.run, true, claimNow)
		if c.failed() {
			t.Errorf("%+v: a run that wrote a result counts as failed", tc.run)
		}
	}
}

// claimAt builds a claim read from disk: attempt n by pid on host, started
// at start with timeout, ended as outcome (exit code for "exited").
func claimAt(form claimForm, n, pid int, host string, start, timeout time.Duration, outcome string, code int, result bool) readClaim {
	c := newClaim(LockPolicy{PID: pid, Host: host}, n, claimNow.Add(start), timeout)
	if outcome != ClaimRunning {
		c.Outcome, c.FinishedAt, c.Result = outcome, ts(0), result
		if outcome == ClaimExited {
			c.ExitCode = &code
		}
	}
	rc := readClaim{form: form, claim: *c, started: claimNow.Add(start)}
	switch form {
	case claimLegacy:
		rc.claim = Claim{PID: pid, Host: host, Time: c.Time, Attempt: 1, Outcome: ClaimRunning}
	case claimBlank:
		rc.claim = Claim{Attempt: 1, Outcome: ClaimRunning}
	}
	return rc
}

func TestClaimJudge(t *testing.T) {
	const self, live, dead = 100, 200, 300
	j := claimJudge{self: LockPolicy{PID: self, Host: "here"}, timeout: 10 * time.Minute, deadline: claimNow.Add(3 * time.Hour),
		retryCap: 2, now: claimNow, alive: func(pid int) bool { return pid == live || pid == self }}
	noTimeout := j
	noTimeout.timeout = 0
	capZero := j
	capZero.retryCap = 0
	capUnknown := j
	capUnknown.retryCap = -1
	for _, tc := range []struct {
		name   string
		judge  claimJudge
		claim  readClaim
		action string
		next   int
	}{
		{"exited 1, retries left", j, claimAt(claimCurrent, 1, dead, "here", -time.Hour, time.Minute, ClaimExited, 1, false), PollRan, 2},
		{"exited 1 while its poller lives", j, claimAt(claimCurrent, 1, live, "here", -time.Hour, time.Minute, ClaimExited, 1, false), PollRan, 2},
		{"run 3 is retry 2 of 2", j, claimAt(claimCurrent, 2, dead, "here", -time.Hour, time.Minute, ClaimTimedOut, 0, false), PollRan, 3},
		{"run 4 would be retry 3 of 2", j, claimAt(claimCurrent, 3, dead, "here", -time.Hour, time.Minute, ClaimExited, 1, false), PollExhausted, 0},
		{"retryCap 0 allows no retry", capZero, claimAt(claimCurrent, 1, dead, "here", -time.Hour, time.Minute, ClaimFailedToStart, 0, false), PollExhausted, 0},
		{"unknown retryCap allows no retry", capUnknown, claimAt(claimCurrent, 1, dead, "here", -time.Hour, time.Minute, ClaimExited, 1, false), PollExhausted, 0},
		{"wrote a result, then exited 1", j, claimAt(claimCurrent, 1, dead, "here", -time.Hour, time.Minute, ClaimExited, 1, true), PollClaimed, 0},
		{"exited 0 without a result", j, claimAt(claimCurrent, 1, dead, "here", -time.Hour, time.Minute, ClaimExited, 0, false), PollClaimed, 0},
		{"running, pid alive, past its end", j, claimAt(claimCurrent, 1, live, "here", -time.Hour, time.Minute, ClaimRunning, 0, false), PollClaimed, 0},
		{"running, pid gone, before its end", j, claimAt(claimCurrent, 1, dead, "here", -time.Minute, 2*time.Minute, ClaimRunning, 0, false), PollClaimed, 0},
		{"running, pid gone, past its end", j, claimAt(claimCurrent, 1, dead, "here", -3*time.Minute, 2*time.Minute, ClaimRunning, 0, false), PollRan, 2},
		{"running, this pid, past its end", j, claimAt(claimCurrent, 1, self, "here", -3*time.Minute, 2*time.Minute, ClaimRunning, 0, false), PollRan, 2},
		{"running, this pid, before its end", j, claimAt(claimCurrent, 1, self, "here", -time.Minute, 2*time.Minute, ClaimRunning, 0, false), PollClaimed, 0},
		{"other host, inside the slack", j, claimAt(claimCurrent, 1, live, "there", -150*time.Second, 2*time.Minute, ClaimRunning, 0, false), PollClaimed, 0},
		{"other host, past end and slack", j, claimAt(claimCurrent, 1, live, "there", -4*time.Minute, 2*time.Minute, ClaimRunning, 0, false), PollRan, 2},
		{"other host, ended", j, claimAt(claimCurrent, 2, live, "there", -time.Minute, 2*time.Minute, ClaimExited, 1, false), PollRan, 3},
		{"legacy, pid alive", j, claimAt(claimLegacy, 1, live, "here", -time.Hour, 0, ClaimRunning, 0, false), PollClaimed, 0},
		{"legacy, inside the configured timeout", j, claimAt(claimLegacy, 1, dead, "here", -5*time.Minute, 0, ClaimRunning, 0, false), PollClaimed, 0},
		{"legacy, past the configured timeout", j, claimAt(claimLegacy, 1, dead, "here", -11*time.Minute, 0, ClaimRunning, 0, false), PollRan, 2},
		{"legacy without a timeout waits for the deadline", noTimeout, claimAt(claimLegacy, 1, dead, "here", -2*time.Hour, 0, ClaimRunning, 0, false), PollClaimed, 0},
		{"blank, inside timeout and slack", j, claimAt(claimBlank, 1, 0, "", -10*time.Minute-30*time.Second, 0, ClaimRunning, 0, false), PollClaimed, 0},
		{"blank, past timeout and slack", j, claimAt(claimBlank, 1, 0, "", -12*time.Minute, 0, ClaimRunning, 0, false), PollRan, 2},
		{"blank without a timeout waits for the deadline", noTimeout, claimAt(claimBlank, 1, 0, "", -2*time.Hour, 0, ClaimRunning, 0, false), PollClaimed, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := tc.judge.judge(tc.claim)
			if v.Action != tc.action || v.Next != tc.next || v.Why == "" {
				t.Errorf("verdict %+v, want %s next %d", v, tc.action, tc.next)
			}
		})
	}
}

func TestClaimNextStep(t *testing.T) {
	j := claimJudge{deadline: claimNow, retryCap: 2}
	for n, want := range map[int]string{
		1: "will be retried by the next poll (retry 1 of 2)",
		2: "will be retried by the next poll (retry 2 of 2)",
		3: "no retries left: resume will mark it unreachable at its deadline (2026-03-02T12:00:00Z) or when its checks exceed retryCap (2)",
	} {
		if got := j.nextStep(&Claim{Attempt: n}); got != want {
			t.Errorf("attempt %d: %q", n, got)
		}
	}
}

// A run's recorded process group keeps a retry off while it has a member
// on this host, whether the run's end was recorded or not; another host's
// group number means nothing here.
func TestClaimJudgeWaitsForTheProcessGroup(t *testing.T) {
	const dead, group = 300, 4000
	j := claimJudge{self: LockPolicy{PID: 100, Host: "here"}, timeout: 10 * time.Minute, deadline: claimNow.Add(3 * time.Hour),
		retryCap: 2, now: claimNow, alive: func(int) bool { return false }, groupAlive: func(g int) bool { return g == group }}
	withGroup := func(rc readClaim, g int) readClaim { rc.claim.PGID = g; return rc }
	for _, tc := range []struct {
		name   string
		claim  readClaim
		action string
	}{
		{"unended, past its end, group alive", withGroup(claimAt(claimCurrent, 1, dead, "here", -time.Hour, time.Minute, ClaimRunning, 0, false), group), PollClaimed},
		{"exited 1, group alive", withGroup(claimAt(claimCurrent, 1, dead, "here", -time.Hour, time.Minute, ClaimExited, 1, false), group), PollClaimed},
		{"unended, group gone", withGroup(claimAt(claimCurrent, 1, dead, "here", -time.Hour, time.Minute, ClaimRunning, 0, false), group+1), PollRan},
		{"other host's group", withGroup(claimAt(claimCurrent, 1, dead, "there", -time.Hour, time.Minute, ClaimRunning, 0, false), group), PollRan},
		{"no group recorded", claimAt(claimCurrent, 1, dead, "here", -time.Hour, time.Minute, ClaimRunning, 0, false), PollRan},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := j.judge(tc.claim)
			if v.Action != tc.action || (tc.action == PollClaimed) != strings.Contains(v.Why, "process group 4000 still runs on this host") {
				t.Errorf("verdict %+v, want %s", v, tc.action)
			}
		})
	}
}

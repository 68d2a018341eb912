package connector

import (
	"fmt"
	"time"

	"github.com/squadci/squadci/internal/plural"
)

// When a claimed task may run again.
//
// A run that wrote a result is never repeated, nor one that exited 0
// (it handed the task on). A run that ended without a result — it failed
// to start, exited non-zero, timed out or was stopped — is retried by a
// later poll, at most retryCap times: run n is retry n-1 and may start
// while n-1 <= retryCap, so a task gets retryCap+1 runs in all, as a
// resume allows retryCap checks without a result before the one that
// finds the task unreachable.
//
// A run stopped because its poll was interrupted (ClaimInterrupted) was
// stopped by the operator, not by the task: it costs no attempt, and the
// next poll runs the same attempt again. A run killed by a signal from
// elsewhere (ClaimStopped) counts like any other failure.
//
// A run whose end is not recorded (its poller was killed, or it is still
// running) is retried only once its process cannot be running any more:
// never while its claimant's pid is alive on this host, never while the
// run's recorded process group has a member on this host (a killed poll's
// adapter children: see procgroup.go; this holds for an ended run too),
// and never before its end-by time (start + the timeout it ran with), by which its poller
// would have stopped it. On another host the end-by time is judged with
// claimSlack more, for clocks that disagree. A claim of an earlier version
// or a blank one records no timeout: its bound is its start (time, or the
// file's mtime) plus the adapter's configured timeout, and without one the
// request's deadline — the only bound the earlier poller gave it — so such
// a task is not retried before it becomes unreachable.

// claimSlack is added to another host's end-by time.
const claimSlack = time.Minute

// claimVerdict is what a poll may do with a claimed task.
type claimVerdict struct {
	// Action is PollRan when a new run may start (attempt Next),
	// PollClaimed when the claimed run may still be running or is not to
	// be repeated, PollExhausted when it failed with no retries left.
	Action string
	Next   int
	// Why says what decided, for the report.
	Why string
}

// claimJudge holds what a verdict depends on besides the claim.
type claimJudge struct {
	self     LockPolicy
	timeout  time.Duration // the adapter's configured timeout; 0 when none
	deadline time.Time
	retryCap int // the state's; negative (unknown) allows no retry
	now      time.Time
	alive    func(pid int) bool
	// groupAlive reports whether a process group has a member on this host.
	groupAlive func(pgid int) bool
}

func (j claimJudge) judge(rc readClaim) claimVerdict {
	c := &rc.claim
	run := fmt.Sprintf("attempt %d", c.Attempt)
	if rc.form != claimBlank {
		run += fmt.Sprintf(" (pid %d on host %q)", c.PID, c.Host)
	}
	switch {
	case c.ended() && c.Result:
		return claimVerdict{Action: PollClaimed, Why: run + " wrote a result; it is never repeated"}
	case c.ended() && !c.failed():
		return claimVerdict{Action: PollClaimed,
			Why: run + " exited 0 without writing a result: it handed the task on, so it is not retried; resume waits for the result until the deadline"}
	case !c.ended():
		if why, running := j.mayRun(rc); running {
			return claimVerdict{Action: PollClaimed, Why: run + " " + why}
		}
	}
	next := c.Attempt + 1
	if c.Outcome == ClaimInterrupted {
		next = c.Attempt // the operator's stop costs no attempt
	}
	if next-1 > j.retryCap {
		return claimVerdict{Action: PollExhausted, Why: run + " " + c.describeEnd()}
	}
	if g := j.liveGroup(rc); g > 0 {
		return claimVerdict{Action: PollClaimed, Why: fmt.Sprintf("%s %s, but its process group %d still runs on this host: "+
			"it is retried once the group is gone (stop it with kill -KILL -- -%d)", run, c.describeEnd(), g, g)}
	}
	return claimVerdict{Action: PollRan, Next: next, Why: run + " " + c.describeEnd()}
}

// liveGroup is the run's recorded process group when it still has a
// member on this host; 0 otherwise. A group on another host cannot be
// seen from here: its end-by time (with claimSlack) bounds it instead. A
// live group is never killed from here: its number may have been reused
// by an unrelated process since the claim was written, and waiting costs
// at most the task's deadline, after which resume marks it unreachable.
func (j claimJudge) liveGroup(rc readClaim) int {
	c := &rc.claim
	if rc.form != claimCurrent || c.PGID <= 0 || c.Host != j.self.Host || j.groupAlive == nil || !j.groupAlive(c.PGID) {
		return 0
	}
	return c.PGID
}

// describeEnd says how a run ended, or that its end is not recorded.
func (c *Claim) describeEnd() string {
	if !c.ended() {
		return "ended without recording how (its poller was stopped)"
	}
	return c.describe()
}

// mayRun reports whether an unended run's process may still be running,
// and why.
func (j claimJudge) mayRun(rc readClaim) (string, bool) {
	c := &rc.claim
	sameHost := rc.form != claimBlank && c.Host == j.self.Host
	// This process's own pid is a run of an earlier pass (a pass waits for
	// its runs), whose end could not be recorded.
	if sameHost && c.PID != j.self.PID && j.alive(c.PID) {
		return fmt.Sprintf("is running (pid %d is alive)", c.PID), true
	}
	endBy := j.endBy(rc)
	if !sameHost {
		endBy = endBy.Add(claimSlack)
	}
	if j.now.Before(endBy) {
		return "may still be running until " + FormatTimestamp(endBy), true
	}
	return "", false
}

// endBy is the latest an unended run may still be running.
func (j claimJudge) endBy(rc readClaim) time.Time {
	if rc.form == claimCurrent {
		t, _ := time.Parse(time.RFC3339Nano, rc.claim.EndBy) // validated
		return t
	}
	if j.timeout > 0 {
		if t := rc.started.Add(j.timeout); t.Before(j.deadline) {
			return t
		}
	}
	return j.deadline
}

// nextStep says what happens after a run that failed as c did: a retry by
// the next poll, or none left.
func (j claimJudge) nextStep(c *Claim) string {
	if c.Outcome == ClaimInterrupted {
		again := fmt.Sprintf("retry %d of %d", c.Attempt-1, j.retryCap)
		if c.Attempt == 1 {
			again = plural.Form(max(j.retryCap, 0), "retry", "retries") + " left"
		}
		return "stopped with the poll, which costs no attempt: the next poll runs it again (" + again + ")"
	}
	if c.Attempt > j.retryCap {
		return fmt.Sprintf("no retries left: resume will mark it unreachable at its deadline (%s) or when its checks exceed retryCap (%d)",
			FormatTimestamp(j.deadline), max(j.retryCap, 0))
	}
	return fmt.Sprintf("will be retried by the next poll (retry %d of %d)", c.Attempt, j.retryCap)
}

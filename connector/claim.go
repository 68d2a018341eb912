package connector

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"
)

// The poller's claim, <dropPath>/<taskId>.claim.json (spec §9): one file
// per task, at the same path for its whole life, recording the task's
// latest adapter run: its attempt number, the claimant's pid and host, the
// run's process group once it started (procgroup.go), when it started, the timeout it ran with and the time by which it must have
// ended, and, once it ended, how (its outcome) and whether a result was on
// disk afterwards. A claim is never removed. Every write replaces it whole
// (a temporary file in .squad-connector/, fsync, link or rename, fsync of
// the mailbox) under the task's lock, so two pollers can never both take a
// task over: the second re-reads the claim under the lock and finds the
// first one's attempt.
//
// Claims written by an earlier squadci ({pid, host, time}, created with
// O_EXCL and written afterwards) are read as attempt 1 whose end was never
// recorded; an empty or unreadable one (its writer was killed before it
// wrote) as the same, without a pid.

// claimPath is where a task's claim lives: beside its request.
func claimPath(mailbox, taskID string) string { return mailbox + taskID + ".claim.json" }

// Claim outcomes: how a run ended.
const (
	ClaimRunning       = "running"         // claimed; its end is not recorded (yet)
	ClaimFailedToStart = "failed-to-start" // the command could not be started
	ClaimExited        = "exited"          // it exited by itself, with ExitCode
	ClaimTimedOut      = "timed-out"       // stopped at its timeout
	ClaimStopped       = "stopped"         // killed by a signal from elsewhere
	// ClaimInterrupted is a run stopped because its poll was interrupted
	// (SIGINT, SIGTERM to the poll): the operator's stop costs no attempt,
	// so the next poll runs the same attempt again.
	ClaimInterrupted = "interrupted"
)

// Claim is the content of a claim file.
type Claim struct {
	PID  int    `json:"pid"`
	Host string `json:"host"`
	Time string `json:"time"` // when the run was claimed, RFC 3339
	// Attempt numbers the task's runs from 1; run n is retry n-1.
	Attempt int `json:"attempt"`
	// Timeout is the one the run was given (a Go duration); EndBy is Time
	// plus Timeout, the latest the poller lets it run.
	Timeout string `json:"timeout"`
	EndBy   string `json:"endBy"`
	Outcome string `json:"outcome"`
	// PGID is the run's process group on Host, recorded once the adapter
	// started (0 before, or where there are no process groups): a retry
	// on that host waits until the group has no member left.
	PGID int `json:"pgid,omitempty"`
	// ExitCode is set when it exited by itself.
	ExitCode *int `json:"exitCode,omitempty"`
	// Result is set when a result file was on disk after the run: such a
	// run is never repeated.
	Result bool `json:"result,omitempty"`
	// Error says why it could not start or was stopped (one line).
	Error      string `json:"error,omitempty"`
	FinishedAt string `json:"finishedAt,omitempty"`
}

// claimForm is what a claim file was found to hold.
type claimForm int

const (
	claimCurrent claimForm = iota // this version's claim
	claimLegacy                   // {pid, host, time} of an earlier version
	claimBlank                    // empty or unreadable: its writer died before it wrote
)

// readClaim is a claim as found on disk.
type readClaim struct {
	form  claimForm
	claim Claim // for claimBlank only Attempt (1) and Outcome (running) are set
	// started is when the run began: its time, or the file's mtime for a
	// blank claim.
	started time.Time
}

// maxClaimSize bounds what is read of a claim.
const maxClaimSize = 8 << 10

// parseClaim reads a claim strictly: a current claim must have exactly its
// fields with valid values; a legacy one exactly pid, host and time.
// Anything else is blank, judged by mtime (the file's modification time).
func parseClaim(src []byte, mtime time.Time) readClaim {
	blank := readClaim{form: claimBlank, claim: Claim{Attempt: 1, Outcome: ClaimRunning}, started: mtime}
	var c Claim
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.DisallowUnknownFields()
	if len(bytes.TrimSpace(src)) == 0 || dec.Decode(&c) != nil || dec.More() {
		return blank
	}
	started, err := time.Parse(time.RFC3339Nano, c.Time)
	if err != nil || c.PID <= 0 || c.Host == "" {
		return blank
	}
	if c == (Claim{PID: c.PID, Host: c.Host, Time: c.Time}) {
		c.Attempt, c.Outcome = 1, ClaimRunning
		return readClaim{form: claimLegacy, claim: c, started: started}
	}
	if c.validate() != nil {
		return blank
	}
	return readClaim{form: claimCurrent, claim: c, started: started}
}

// validate checks a current claim's fields and their consistency.
func (c *Claim) validate() error {
	if c.Attempt < 1 {
		return errors.New("attempt must be at least 1")
	}
	if c.PGID < 0 {
		return errors.New("a negative process group")
	}
	if _, err := time.ParseDuration(c.Timeout); err != nil {
		return err
	}
	if _, err := time.Parse(time.RFC3339Nano, c.EndBy); err != nil {
		return err
	}
	switch c.Outcome {
	case ClaimRunning:
		if c.FinishedAt != "" || c.ExitCode != nil || c.Result {
			return errors.New("a running claim records no end")
		}
		return nil
	case ClaimExited:
		if c.ExitCode == nil {
			return errors.New("an exit without its code")
		}
	case ClaimFailedToStart, ClaimTimedOut, ClaimStopped, ClaimInterrupted:
		if c.ExitCode != nil {
			return errors.New("an exit code without an exit")
		}
	default:
		return fmt.Errorf("unknown outcome %q", c.Outcome)
	}
	_, err := time.Parse(time.RFC3339Nano, c.FinishedAt)
	return err
}

// encode renders a claim as its file's bytes.
func (c *Claim) encode() []byte {
	data, err := json.Marshal(c)
	if err != nil {
		panic(err) // a Claim holds only strings and numbers
	}
	return append(data, '\n')
}

// ended reports a claim whose run's end is recorded.
func (c *Claim) ended() bool { return c.Outcome != ClaimRunning }

// failed reports an ended run that should be tried again: it ended
// without a result and did not exit 0 (an adapter that exits 0 without a
// result has handed the task on; a retry would hand it on twice).
func (c *Claim) failed() bool {
	return c.ended() && !c.Result && !(c.Outcome == ClaimExited && *c.ExitCode == 0)
}

// describe says how the run ended, for reports.
func (c *Claim) describe() string {
	switch c.Outcome {
	case ClaimExited:
		return "exited " + strconv.Itoa(*c.ExitCode)
	case ClaimFailedToStart:
		return "failed to start"
	case ClaimTimedOut:
		return "timed out after " + c.Timeout
	case ClaimStopped:
		return "was stopped"
	case ClaimInterrupted:
		return "was stopped with its poll"
	}
	return "is running"
}

// sameRun reports whether two claims record the same run.
func (c *Claim) sameRun(o *Claim) bool {
	return c.Attempt == o.Attempt && c.PID == o.PID && c.Host == o.Host && c.Time == o.Time
}

// newClaim is the claim of attempt n, starting now with timeout.
func newClaim(p LockPolicy, attempt int, now time.Time, timeout time.Duration) *Claim {
	return &Claim{PID: p.PID, Host: p.Host, Time: now.UTC().Format(time.RFC3339Nano), Attempt: attempt,
		Timeout: timeout.String(), EndBy: now.Add(timeout).UTC().Format(time.RFC3339Nano), Outcome: ClaimRunning}
}

// finish records how run ended, and whether a result is on disk.
func (c *Claim) finish(run *AdapterRun, result bool, now time.Time) {
	c.Outcome, c.Result, c.FinishedAt = ClaimExited, result, now.UTC().Format(time.RFC3339Nano)
	c.Error = oneLineText(run.Error, 500)
	switch {
	case run.TimedOut:
		c.Outcome = ClaimTimedOut
	case run.Interrupted:
		c.Outcome = ClaimInterrupted
	case run.NotStarted:
		c.Outcome = ClaimFailedToStart
	case run.ExitCode < 0:
		c.Outcome = ClaimStopped
	default:
		code := run.ExitCode
		c.ExitCode = &code
	}
}

// oneLineText keeps the first line of s, at most limit bytes of it.
func oneLineText(s string, limit int) string {
	if i := bytes.IndexAny([]byte(s), "\r\n"); i >= 0 {
		s = s[:i]
	}
	if len(s) > limit {
		s = s[:limit]
	}
	return string(bytes.ToValidUTF8([]byte(s), []byte("\uFFFD")))
}

package connector

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/squadci/squadci/lint/secrets"
)

// DefaultOutputLimit is how much of an adapter's combined stdout and
// stderr a poll keeps: the last 64 KiB.
const DefaultOutputLimit = 64 << 10

// AdapterRun is one run of an adapter command.
type AdapterRun struct {
	// Command is the program run (argv[0]); its arguments come from trusted
	// configuration plus the request path.
	Command  string `json:"command"`
	ExitCode int    `json:"exitCode"` // -1 when it did not exit on its own
	TimedOut bool   `json:"timedOut,omitempty"`
	// NotStarted is set when the command could not be started at all.
	NotStarted bool `json:"notStarted,omitempty"`
	// Interrupted is set when the run was stopped because the poll was
	// (its context ended): a stop by the operator, which costs no attempt.
	Interrupted bool   `json:"interrupted,omitempty"`
	Duration    string `json:"duration"`
	// Error says why the command could not start or was stopped.
	Error string `json:"error,omitempty"`
	// Output is the tail of its combined stdout and stderr, at most the
	// output limit, with credential-shaped text redacted. It is shown, never
	// interpreted.
	Output string `json:"output,omitempty"`
	// OutputDropped counts the bytes of output before the tail.
	OutputDropped int64 `json:"outputDropped,omitempty"`
	// ProcessGroup is the process group the run had (its claim records
	// it); 0 where there is none.
	ProcessGroup int `json:"processGroup,omitempty"`
	// Leftover says what the poll found of the run after the adapter
	// exited: processes of its group it killed, output still held open.
	// Informational: the exit status alone is the verdict.
	Leftover string `json:"leftover,omitempty"`
}

// Failed reports a run that did not exit 0 by itself. What its process
// group did after it exited (Leftover) is no part of the verdict: the claim
// records the same exit, so the poll and the claim never disagree.
func (r *AdapterRun) Failed() bool { return r.ExitCode != 0 || r.TimedOut || r.Error != "" }

// adapterCall is everything one run needs.
type adapterCall struct {
	dir     string   // working directory: the repository root
	argv    []string // from trusted configuration
	request string   // appended as the last argument
	env     []string
	timeout time.Duration
	limit   int
	mask    *secrets.Values // the values of the adapter's own variables
	// started, when set, is told the run's process group id (0 where there
	// is none) once the command started, before the poll waits for it.
	started func(pgid int)
}

// outputDrain is how long a poll keeps reading an adapter's output after
// the adapter exited and its process group was killed: only a process that
// left the group (setsid) can still hold the output open by then.
var outputDrain = 2 * time.Second

// runAdapter runs the command without a shell in a process group of its
// own, bounded by the timeout (and ctx), keeping only the tail of its
// output. The whole group is killed at the timeout, when ctx is cancelled,
// and as soon as the adapter's own process exited: nothing it started
// outlives the run. The verdict is the adapter's exit status alone; the
// output is read through a pipe the poll owns, so a child holding it open
// cannot turn an exit 0 into a failure.
func runAdapter(ctx context.Context, call adapterCall) *AdapterRun {
	ctx, cancel := context.WithTimeout(ctx, call.timeout)
	defer cancel()
	args := append(slices.Clone(call.argv[1:]), call.request)
	cmd := exec.CommandContext(ctx, call.argv[0], args...)
	cmd.Dir, cmd.Env = call.dir, call.env
	out := &tailBuffer{limit: call.limit, mask: call.mask}
	run := &AdapterRun{Command: call.argv[0], ExitCode: -1}
	start := time.Now()
	pr, pw, err := os.Pipe()
	if err != nil {
		run.NotStarted, run.Error, run.Duration = true, "creating its output pipe: "+err.Error(), "0s"
		return run
	}
	cmd.Stdout, cmd.Stderr = pw, pw
	isolate(cmd)
	err = cmd.Start()
	pw.Close() // the adapter's group holds the only write ends now
	if err != nil {
		pr.Close()
		run.NotStarted, run.Error = true, err.Error()
		run.Duration = time.Since(start).Round(time.Millisecond).String()
		return run
	}
	pgid := processGroup(cmd)
	run.ProcessGroup = pgid
	copied := make(chan struct{})
	go func() {
		io.Copy(out, pr)
		close(copied)
	}()
	if call.started != nil {
		call.started(pgid)
	}
	err = cmd.Wait()
	run.Duration = time.Since(start).Round(time.Millisecond).String()
	run.Leftover = reapGroup(pgid, copied)
	pr.Close()
	select { // closing the read end ends the copy where the system lets it
	case <-copied:
	case <-time.After(outputDrain):
	}
	judgeRun(ctx, run, cmd, err, call.timeout)
	run.Output, run.OutputDropped = out.text()
	return run
}

// reapGroup kills what is left of the adapter's process group once the
// adapter exited, and waits a little for its output to close. It says what
// it had to do; "" when nothing was left.
func reapGroup(pgid int, copied <-chan struct{}) string {
	var notes []string
	if groupAlive(pgid) {
		if err := killGroup(pgid); err != nil {
			notes = append(notes, fmt.Sprintf("processes of its group %d outlived it and could not be killed: %v", pgid, err))
		} else {
			notes = append(notes, fmt.Sprintf("processes of its group %d outlived it and were killed", pgid))
		}
	}
	select {
	case <-copied:
	case <-time.After(outputDrain):
		notes = append(notes, "a process outside its group still held its output open; the rest of the output was not read")
	}
	return strings.Join(notes, "; ")
}

// judgeRun sets how the run ended from the adapter's own process: an exit
// status, a timeout, a cancel, a signal.
func judgeRun(ctx context.Context, run *AdapterRun, cmd *exec.Cmd, err error, timeout time.Duration) {
	if cmd.ProcessState != nil && cmd.ProcessState.Exited() {
		run.ExitCode = cmd.ProcessState.ExitCode()
		return // it exited by itself, whatever the clock says now
	}
	var exitErr *exec.ExitError
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		run.TimedOut, run.Error = true, "stopped at its timeout of "+timeout.Round(time.Second).String()
	case ctx.Err() != nil:
		run.Interrupted, run.Error = true, "stopped because the poll was interrupted"
	case errors.As(err, &exitErr):
		run.Error = exitErr.Error() // killed by a signal
	case err != nil:
		run.Error = err.Error()
	default:
		run.Error = "ended without an exit status"
	}
}

// tailBuffer keeps the last limit bytes written to it, and before them as
// many as a masked value may reach back, so a value that straddles the
// start of the tail is still found and masked.
type tailBuffer struct {
	mu      sync.Mutex
	limit   int
	mask    *secrets.Values
	buf     []byte
	dropped int64
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(p)
	keep := t.limit + max(t.mask.Longest()-1, 0)
	if len(p) > keep {
		t.dropped += int64(len(p) - keep)
		p = p[len(p)-keep:]
	}
	if over := len(t.buf) + len(p) - keep; over > 0 {
		t.dropped += int64(over)
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	t.buf = append(t.buf, p...)
	return n, nil
}

// text returns the tail as valid UTF-8 with the known values masked and
// credential-shaped text redacted, and the number of bytes dropped before
// it.
func (t *tailBuffer) text() (string, int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	cut := max(len(t.buf)-t.limit, 0)
	s := strings.ToValidUTF8(t.mask.MaskFrom(string(t.buf), cut), "\uFFFD")
	return secrets.RedactMatches(s, secrets.Scan(s)), t.dropped + int64(cut)
}

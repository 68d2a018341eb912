package connector

import (
	"context"
	"errors"
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
	NotStarted bool   `json:"notStarted,omitempty"`
	Duration   string `json:"duration"`
	// Error says why the command could not start or was stopped.
	Error string `json:"error,omitempty"`
	// Output is the tail of its combined stdout and stderr, at most the
	// output limit, with credential-shaped text redacted. It is shown, never
	// interpreted.
	Output string `json:"output,omitempty"`
	// OutputDropped counts the bytes of output before the tail.
	OutputDropped int64 `json:"outputDropped,omitempty"`
}

// Failed reports a run that did not exit 0 by itself.
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
}

// runAdapter runs the command without a shell, bounded by the timeout (and
// ctx), keeping only the tail of its output. A timeout kills the command's
// whole process group where there is one.
func runAdapter(ctx context.Context, call adapterCall) *AdapterRun {
	ctx, cancel := context.WithTimeout(ctx, call.timeout)
	defer cancel()
	args := append(slices.Clone(call.argv[1:]), call.request)
	cmd := exec.CommandContext(ctx, call.argv[0], args...)
	cmd.Dir, cmd.Env = call.dir, call.env
	out := &tailBuffer{limit: call.limit, mask: call.mask}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.WaitDelay = 5 * time.Second
	isolate(cmd)
	start := time.Now()
	err := cmd.Start()
	started := err == nil
	if started {
		err = cmd.Wait()
	}
	run := &AdapterRun{Command: call.argv[0], ExitCode: -1, NotStarted: !started, Duration: time.Since(start).Round(time.Millisecond).String()}
	if cmd.ProcessState != nil && cmd.ProcessState.Exited() {
		run.ExitCode = cmd.ProcessState.ExitCode()
	}
	var exitErr *exec.ExitError
	switch {
	case !started:
		run.Error = err.Error()
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		run.TimedOut, run.Error = true, "stopped at its timeout of "+call.timeout.Round(time.Second).String()
	case ctx.Err() != nil:
		run.Error = "stopped: " + ctx.Err().Error()
	case errors.As(err, &exitErr) && !exitErr.Exited():
		run.Error = exitErr.Error() // killed by a signal
	case err != nil && !errors.As(err, &exitErr):
		run.Error = err.Error()
	}
	run.Output, run.OutputDropped = out.text()
	return run
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

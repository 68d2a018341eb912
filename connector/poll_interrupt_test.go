package connector

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// A run stopped because its poll was interrupted costs no attempt: the
// next pass runs it again with the retry budget it had, and the passes
// after it go as if the interrupted run had never been.
func TestPollInterruptCostsNoAttempt(t *testing.T) {
	root, ms := resumeRepo(t)
	d := dispatchAt(t, root, ms, time.Now(), 60, 1)
	sleeping := map[string]Adapter{"acme-research-agent": {Command: adapterScript(t, root, "sleep"), Timeout: time.Minute}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		for adapterCalls(t, root) == 0 {
			time.Sleep(10 * time.Millisecond)
		}
		cancel() // the operator stops the poll while the adapter runs
	}()
	rep, err := Poll(ctx, root, PollOptions{Manifests: ms, Adapters: sleeping, Env: []string{"PATH=" + os.Getenv("PATH")}})
	if rep == nil || len(rep.Tasks) != 1 {
		t.Fatalf("interrupted poll: %v %+v", err, rep)
	}
	o := rep.Tasks[0]
	if o.Action != PollRan || o.Run == nil || !o.Run.Interrupted || !strings.Contains(o.Next, "costs no attempt") || !strings.Contains(o.Next, "1 retry left") {
		t.Fatalf("interrupted run: Next %q, run %+v", o.Next, o.Run)
	}
	if c := readClaimFile(t, root, d).claim; c.Attempt != 1 || c.Outcome != ClaimInterrupted {
		t.Errorf("claim after the interrupt: %+v", c)
	}

	failing := map[string]Adapter{"acme-research-agent": {Command: adapterScript(t, root, "none"), Timeout: time.Minute}}
	for pass, want := range []struct {
		action, next string
		attempt      int
	}{
		{PollRan, "will be retried by the next poll (retry 1 of 1)", 1},
		{PollRan, "no retries left", 2},
		{PollExhausted, "no retries left", 2},
	} {
		o := pollOnce(t, root, ms, failing)[d.TaskID]
		if o.Action != want.action || !strings.HasPrefix(o.Next, want.next) {
			t.Fatalf("pass %d after the interrupt: %s %q", pass+1, o.Action, o.Next)
		}
		if c := readClaimFile(t, root, d).claim; c.Attempt != want.attempt || c.Outcome != ClaimExited {
			t.Errorf("pass %d: claim %+v", pass+1, c)
		}
	}
	if n := adapterCalls(t, root); n != 3 {
		t.Errorf("adapter ran %d times, want 3 (the interrupted run, the run and its one retry)", n)
	}
}

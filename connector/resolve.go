package connector

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/squadci/squadci/lint/diag"
)

// Decision reasons beyond the state's reason codes: why a task without a
// usable state fails closed, and what a finished task reports.
const (
	ReasonOrphanRequest = "orphan-request" // a request without state
	ReasonLateResult    = "late-result"    // a result beside a finished task
	ReasonReplay        = "replay"         // a new request reusing a finished taskId
)

// TaskDecision is what a resume of one task would decide (spec §5), as
// Resolve computes it without writing anything.
type TaskDecision struct {
	TaskID      string `json:"taskId"`
	ConnectorID string `json:"connectorId,omitempty"`
	Mailbox     string `json:"mailbox"`
	// Current is the status the state records ("" without a state).
	Current string `json:"current,omitempty"`
	// Status is the decision: awaiting, completed, failed or unreachable.
	Status string `json:"status"`
	// Reason is a reason code (deadline, retry-cap, tampered,
	// invalid-result, producer-failed, orphan-request) or, for a task that
	// stays finished, what was rejected beside it (late-result, replay).
	Reason string `json:"reason,omitempty"`
	// Rules are the ids of the rules that failed the task.
	Rules []string `json:"rules,omitempty"`
	// Failures say why, rule by rule: each finding's file and message. A
	// finished task's lists the rules its recorded reason names.
	Failures []Failure `json:"failures,omitempty"`
	// Attempts is the attempt count a resume would record.
	Attempts int `json:"attempts"`
	// Changed says whether a resume would write a new state.
	Changed bool `json:"changed"`
	// Artifacts are the validated artifact paths a resume would report.
	Artifacts []string `json:"artifacts,omitempty"`
}

// ResolveOptions select the tasks Resolve decides.
type ResolveOptions struct {
	Manifests []*Manifest
	// TaskIDs limits the decisions to these tasks, whatever their status;
	// empty means every pending task (awaiting, orphan requests, and
	// finished tasks with a late result or a reused id beside them).
	TaskIDs []string
	// All lists finished tasks too (completed, failed, unreachable), with
	// the reason their state records.
	All bool
	// Now is the clock deadlines are judged by; zero means time.Now().
	Now time.Time
	// Workers bounds parallel checks; 0 means GOMAXPROCS.
	Workers int
}

// UnknownTaskError lists requested task ids no mailbox holds.
type UnknownTaskError struct{ TaskIDs []string }

func (e *UnknownTaskError) Error() string {
	return fmt.Sprintf("no task %s in any mailbox", strings.Join(e.TaskIDs, ", "))
}

// Resolve computes, for each selected task in every mailbox of fsys, what a
// resume would decide, and writes nothing. The resume driver calls
// CheckExchange and ResolveTask the same way, per task, under the task's
// lock.
func Resolve(ctx context.Context, fsys ReadFS, opts ResolveOptions) ([]TaskDecision, error) {
	now := opts.Now
	if now.IsZero() {
		now = time.Now()
	}
	ix := NewMailboxIndex(opts.Manifests)
	loaded, err := LoadExchanges(ctx, fsys, ix)
	if err != nil {
		return nil, err
	}
	var xs []*Exchange
	found := map[string]bool{}
	for _, x := range loaded.Exchanges {
		if x.Example || (x.Request == nil && x.State == nil) {
			continue // not a task: lint reports stray results and snapshots
		}
		if len(opts.TaskIDs) > 0 {
			if !slices.Contains(opts.TaskIDs, x.TaskID) {
				continue
			}
			found[x.TaskID] = true
		}
		xs = append(xs, x)
	}
	var unknown []string
	for _, id := range opts.TaskIDs {
		if !found[id] && !slices.Contains(unknown, id) {
			unknown = append(unknown, id)
		}
	}
	if len(unknown) > 0 {
		return nil, &UnknownTaskError{TaskIDs: unknown}
	}
	for _, x := range xs {
		for _, f := range [...]*File{x.Snapshot, x.Request, x.Result, x.State} {
			if f == nil {
				continue
			}
			if err := ioError(f.Path, loaded.Unreadable[f.Path]); err != nil {
				return nil, err // an I/O error is no verdict about the task
			}
		}
	}
	env := &Env{FS: fsys, Mailboxes: ix}
	decisions := make([]TaskDecision, len(xs))
	keep := make([]bool, len(xs))
	forEach(ctx, len(xs), opts.Workers, func(i int) {
		d := ResolveTask(CheckExchange(xs[i], env), loaded.Unreadable, now)
		decisions[i], keep[i] = d, len(opts.TaskIDs) > 0 || opts.All || pending(d)
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var out []TaskDecision
	for i, d := range decisions {
		if keep[i] {
			out = append(out, d)
		}
	}
	return out, nil
}

// pending reports a decision worth listing without an explicit task id.
func pending(d TaskDecision) bool {
	return d.Current == "" || d.Current == StatusAwaiting || d.Reason == ReasonLateResult || d.Reason == ReasonReplay
}

// forEach runs fn(0..n-1) on a bounded pool, stopping early when ctx ends.
func forEach(ctx context.Context, n, workers int, fn func(int)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				fn(i)
			}
		}()
	}
	for i := 0; i < n && ctx.Err() == nil; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}

// ResolveTask decides one checked exchange at time now, following the
// resume steps of spec §5 without their side effects. unreadable lists
// exchange files that exist but could not be read (nil for none).
func ResolveTask(c *Checked, unreadable map[string]error, now time.Time) TaskDecision {
	x := c.Exchange
	d := TaskDecision{TaskID: x.TaskID, Mailbox: x.Mailbox}
	switch {
	case x.Manifest != nil && x.Manifest.ConnectorID != "":
		d.ConnectorID = x.Manifest.ConnectorID
	case c.Request != nil:
		d.ConnectorID = c.Request.ConnectorID
	}
	fail := func(reason string, rules []string) TaskDecision {
		d.Status, d.Reason, d.Rules = StatusFailed, reason, rules
		d.Failures = c.failures(rules, unreadable)
		return d
	}
	// Step 1: no state, or a state that does not pin an intact exchange.
	if x.State == nil {
		return fail(ReasonOrphanRequest, []string{ruleExchangeOrphanRequest.ID})
	}
	st := c.State
	if st == nil || unreadable[x.State.Path] != nil {
		return fail(ReasonTampered, c.rulesOn(x.State.Path))
	}
	d.Current, d.Attempts = st.Status, max(st.Attempts, 0)
	// Step 2: a finished task never changes.
	if isTerminal(st.Status) {
		d.Status, d.Reason = st.Status, st.Reason
		d.Failures = c.reasonFailures(st.Reason, unreadable)
		switch {
		case c.has(ruleExchangeTaskIDReused.ID):
			d.Reason, d.Rules = ReasonReplay, []string{ruleExchangeTaskIDReused.ID}
		case c.has(ruleExchangeLateResult.ID):
			d.Reason, d.Rules = ReasonLateResult, []string{ruleExchangeLateResult.ID}
		}
		if len(d.Rules) > 0 {
			d.Failures = c.failures(d.Rules, unreadable)
		}
		return d
	}
	d.Changed = true
	if rules := c.tamperRules(unreadable); len(rules) > 0 {
		return fail(ReasonTampered, rules)
	}
	// Step 3: a result decides the task.
	if x.Result != nil {
		if unreadable[x.Result.Path] != nil || c.Result == nil {
			return fail(ReasonInvalidResult, c.rulesOn(x.Result.Path))
		}
		if rules := c.rulesOn(x.Result.Path); len(rules) > 0 {
			return fail(ReasonInvalidResult, rules)
		}
		d.Artifacts = c.Artifacts
		if c.Result.Status == StatusFailed {
			d.Status, d.Reason = StatusFailed, ReasonProducerFailed
			return d
		}
		d.Status = StatusCompleted
		return d
	}
	// Step 4: no result yet.
	deadline := st.Deadline
	if deadline.IsZero() && c.Request != nil {
		deadline = c.Request.Deadline
	}
	switch {
	case !deadline.IsZero() && now.After(deadline):
		d.Status, d.Reason = StatusUnreachable, ReasonDeadline
	case st.RetryCap >= 0 && st.Attempts > st.RetryCap:
		d.Status, d.Reason = StatusUnreachable, ReasonRetryCap
	default:
		d.Status, d.Attempts = StatusAwaiting, d.Attempts+1
	}
	return d
}

// tamperRules are the error rules that fail a pending task before its
// result is looked at: any error on the request, snapshot or state (the
// shim validates what it writes, so an invalid file was changed), plus an
// unreadable one.
func (c *Checked) tamperRules(unreadable map[string]error) []string {
	var rules []string
	for _, f := range [...]*File{c.Exchange.Request, c.Exchange.Snapshot, c.Exchange.State} {
		if f == nil {
			continue
		}
		if unreadable[f.Path] != nil {
			rules = append(rules, ruleExchangeTampered.ID)
		}
		rules = append(rules, c.rulesOn(f.Path)...)
	}
	slices.Sort(rules)
	return slices.Compact(rules)
}

// rulesOn returns the sorted, distinct error rule ids on one file.
func (c *Checked) rulesOn(path string) []string {
	var ids []string
	for _, d := range c.Diagnostics {
		if d.Path == path && d.Severity == diag.SeverityError {
			ids = append(ids, d.Rule)
		}
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

func (c *Checked) has(rule string) bool {
	for _, d := range c.Diagnostics {
		if d.Rule == rule {
			return true
		}
	}
	return false
}

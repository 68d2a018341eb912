package connector

import (
	"context"
	"strings"
	"time"

	"github.com/squadci/squadci/lint/secrets"
)

// DefaultPollWorkers bounds the adapters a poll runs at once.
const DefaultPollWorkers = 4

// Adapter is a trusted adapter command for one connector, from the squadci
// configuration or action inputs — never from a manifest or an envelope.
type Adapter struct {
	// Command is the argv, run without a shell; the request path is
	// appended as the last argument.
	Command []string
	// Timeout bounds one run; zero means until the request's deadline,
	// which bounds every run anyway.
	Timeout time.Duration
	// Env are variables (KEY=VALUE) passed to this adapter only, besides
	// PollOptions.Env. Their values are secrets: each is masked in
	// everything the poll reports of this adapter's tasks (the output
	// above all).
	Env []string
}

// masks are the values of the adapter's own variables, to mask.
func (a Adapter) masks() *secrets.Values {
	vals := make([]string, 0, len(a.Env))
	for _, kv := range a.Env {
		_, v, _ := strings.Cut(kv, "=")
		vals = append(vals, v)
	}
	return secrets.NewValues(vals...)
}

// PollOptions configure Poll.
type PollOptions struct {
	Manifests []*Manifest
	// Adapters maps a connectorId to its adapter. Without a mapping a
	// pending task is only reported.
	Adapters map[string]Adapter
	// Env is the adapter's environment (KEY=VALUE); SQUADCI_TASK_ID,
	// SQUADCI_REQUEST and SQUADCI_DELIVERABLE_ROOT are added to it.
	Env []string
	// Workers bounds the adapters run at once; 0 means DefaultPollWorkers.
	Workers int
	// OutputLimit is how much output a run keeps; 0 means
	// DefaultOutputLimit.
	OutputLimit int
	// Claim identifies this process in the claims and task locks it writes;
	// its Timeout is when another's task lock may be broken, as for resume.
	Claim LockPolicy
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Progress, when set, is called after each task with the tasks done
	// and the total, possibly from several goroutines.
	Progress func(done, total int)
	// Shard, when set, limits the pass to the tasks whose taskId falls in
	// it (ShardOf); the others are left untouched and unreported.
	Shard Shard
	// Protected are the folders no deliverable root may reach: an adapter
	// is never run for a task whose request names one (rule CN218), and
	// the folders of Adapters' commands are always added to it.
	Protected Protected
}

// What a poll did with a pending task.
const (
	PollPending   = "pending"   // no adapter is configured for its connector
	PollClaimed   = "claimed"   // claimed earlier: its run may still be running, or is never repeated
	PollRan       = "ran"       // this poll claimed it (first run or retry) and ran the adapter
	PollExhausted = "exhausted" // its last run failed and no retry is left
	PollBusy      = "busy"      // its lock was held, or its claim could not be read: the claim could not be looked at
)

// PollOutcome is one pending task of a poll.
type PollOutcome struct {
	TaskID      string `json:"taskId"`
	ConnectorID string `json:"connectorId"`
	Mailbox     string `json:"mailbox"`
	Request     string `json:"request"`
	Deadline    string `json:"deadline"`
	Action      string `json:"action"`
	// Run is the adapter run, for PollRan.
	Run *AdapterRun `json:"run,omitempty"`
	// Check is what a resume would decide after the run: the result the
	// adapter wrote, checked with the validator a resume uses, and not
	// consumed. Nil unless the adapter ran.
	Check *TaskDecision `json:"check,omitempty"`
	// Claim is the task's claim as this poll left it; nil without one.
	Claim *Claim `json:"claim,omitempty"`
	// Why says what the claim showed, for PollClaimed, PollExhausted and
	// a retry.
	Why string `json:"why,omitempty"`
	// Next says what happens after a run that failed, or to a task whose
	// claimed run failed with no retry left.
	Next string `json:"next,omitempty"`
	// Lock is another process's lock this poll found on the task.
	Lock *LockEvent `json:"lock,omitempty"`
	// Error is an I/O problem with the claim.
	Error string `json:"error,omitempty"`
}

// PollReport is everything one Poll pass did.
type PollReport struct {
	Tasks []PollOutcome
}

// Poll is one pass of the adapter poller (spec §9). For every mailbox it
// lists the requests that have no result yet, whose task is awaiting and
// not past its deadline or retry cap (what a resume would leave awaiting),
// and, when trusted configuration maps the connector to an adapter, claims
// each with <taskId>.claim.json and runs the adapter: argv
// without a shell, the request path as last argument, the SQUADCI_*
// variables set, a timeout no later than the deadline, bounded captured
// output. It then checks what the adapter wrote with the resume's own
// validator, without consuming it, and records in the claim how the run
// ended. A run that ended without a result is retried by a later pass
// (claim_judge.go). Before it claims anything it checks that every adapter
// command it may run exists: an *AdapterCommandError otherwise. It never
// writes a snapshot, a request or a state, and a result only to replace
// one whose run leaked a passed secret with a failed one (poll_secrets.go).
func Poll(ctx context.Context, root string, opts PollOptions) (*PollReport, error) {
	if err := checkAdapters(root, opts.Manifests, opts.Adapters); err != nil {
		return nil, err
	}
	p := newPoller(root, opts)
	defer p.files.close()
	lfs := &listingFS{ReadFS: p.fsys}
	loaded, err := LoadExchanges(ctx, lfs, p.ix)
	if err != nil {
		return nil, err
	}
	var xs []*Exchange
	for _, x := range loaded.Exchanges {
		// A result already written is the resume's business.
		if !x.Example && x.Request != nil && x.State != nil && x.Result == nil && x.Manifest != nil && IsTaskID(x.TaskID) && opts.Shard.Holds(x.TaskID) {
			xs = append(xs, x)
		}
	}
	tasks := eachTask(ctx, &p.mailboxRun, len(xs), opts.Progress, func(i int) *PollOutcome { return p.maskedTask(ctx, xs[i]) })
	return &PollReport{Tasks: tasks}, ctx.Err()
}

type poller struct {
	mailboxRun
	opts PollOptions
}

func newPoller(root string, opts PollOptions) *poller {
	p := &poller{mailboxRun: newMailboxRun(root, opts.Manifests, opts.Now, opts.Workers, DefaultPollWorkers), opts: opts}
	if p.opts.OutputLimit <= 0 {
		p.opts.OutputLimit = DefaultOutputLimit
	}
	p.opts.Claim = p.opts.Claim.self()
	p.env.Protected = opts.Protected.WithAdapters(opts.Adapters)
	return p
}

// maskedTask is pollTask's outcome with the values of the adapter's own
// variables masked in every string of it: the adapter may have printed
// them, or written them into its result, which the check quotes.
func (p *poller) maskedTask(ctx context.Context, listed *Exchange) *PollOutcome {
	o := p.pollTask(ctx, listed)
	if o != nil {
		maskStrings(o, p.opts.Adapters[o.ConnectorID].masks())
	}
	return o
}

// pollTask handles one listed exchange; nil when it is not pending.
func (p *poller) pollTask(ctx context.Context, listed *Exchange) *PollOutcome {
	c, d, err := p.check(listed)
	if err != nil {
		// Not run and not judged until its files can be read.
		return &PollOutcome{TaskID: listed.TaskID, ConnectorID: listed.Manifest.ConnectorID, Mailbox: listed.Mailbox,
			Request: listed.Request.Path, Action: PollBusy, Why: "its files could not be read", Error: err.Error()}
	}
	if c.Exchange.Result != nil || d.Current != StatusAwaiting || d.Status != StatusAwaiting || c.Request == nil || c.State == nil {
		return nil
	}
	now := p.now()
	o := &PollOutcome{TaskID: listed.TaskID, ConnectorID: listed.Manifest.ConnectorID, Mailbox: listed.Mailbox,
		Request: c.Exchange.Request.Path, Deadline: FormatTimestamp(c.Request.Deadline), Action: PollPending}
	adapter, mapped := p.opts.Adapters[o.ConnectorID]
	t := &pollTarget{o: o, rel: claimPath(listed.Mailbox, listed.TaskID),
		judge: claimJudge{self: p.opts.Claim, timeout: adapter.Timeout, deadline: c.Request.Deadline,
			retryCap: c.State.RetryCap, now: now, alive: processAlive, groupAlive: groupAlive}}
	v, err := p.peekClaim(t)
	if err != nil {
		// Left alone until the claim can be read: never reported as
		// merely pending, never run.
		o.Action, o.Why, o.Error = PollBusy, "its claim could not be read", err.Error()
		return o
	}
	if v.Action != PollRan {
		p.reportClaim(t, v)
		return o
	}
	if !mapped || len(adapter.Command) == 0 {
		return o
	}
	if !p.files.isRealDir(listed.Mailbox) || !p.files.isRealDir(listed.Mailbox+stateDir) {
		return nil // never create a claim or a lock through a link
	}
	timeout := c.Request.Deadline.Sub(now)
	if adapter.Timeout > 0 {
		timeout = min(timeout, adapter.Timeout)
	}
	if timeout <= 0 {
		return nil // past its deadline between the check and now
	}
	if claim := p.takeClaim(t, v, timeout); claim != nil {
		p.run(ctx, t, listed, c.Request, adapter, claim)
	}
	return o
}

// run runs the adapter for the claimed task, checks what it wrote and
// records in the claim how the run ended.
func (p *poller) run(ctx context.Context, t *pollTarget, listed *Exchange, req *Request, adapter Adapter, claim *Claim) {
	o := t.o
	// The run ends by the end-by time the claim promises.
	endBy, _ := time.Parse(time.RFC3339Nano, claim.EndBy)
	o.Action, o.Claim = PollRan, claim
	o.Run = runAdapter(ctx, adapterCall{
		dir: p.root, argv: adapter.Command, request: o.Request, timeout: max(endBy.Sub(p.now()), time.Millisecond),
		limit: p.opts.OutputLimit, mask: adapter.masks(),
		started: func(pgid int) { p.recordGroup(t, claim, pgid) },
		env: append(append(append([]string{}, p.opts.Env...), adapter.Env...),
			TaskEnv(o.TaskID, o.Request, req.DeliverableRoot)...),
	})
	after, decided, err := p.check(listed)
	if err != nil {
		// What the run left cannot be read: no check is reported, and the
		// claim records a result when the file is there.
		o.Error = "checking the run: " + err.Error()
		_, lerr := p.fsys.Lstat(listed.Mailbox + listed.TaskID + ".result.json")
		p.finishClaim(t, claim, o.Run, lerr == nil)
		return
	}
	decided.Changed = false // checked, not consumed
	after, decided = p.checkSecrets(ctx, listed, after, decided, adapter)
	o.Check = &decided
	p.finishClaim(t, claim, o.Run, after.Exchange.Result != nil)
}

// check reads the task's files and decides it as a resume would, without
// writing anything. An I/O error reading them (a *ReadError) comes back
// instead of a decision.
func (p *poller) check(listed *Exchange) (*Checked, TaskDecision, error) {
	x, unreadable, err := readExchange(p.files.readFile, listed.Mailbox, listed.TaskID, listed.Manifest)
	if err != nil {
		return nil, TaskDecision{}, err
	}
	c := CheckExchange(x, p.env)
	return c, ResolveTask(c, unreadable, p.now()), nil
}

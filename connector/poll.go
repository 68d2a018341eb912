package connector

import (
	"context"
	"errors"
	"time"
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
	// Claim identifies this process in the claims it writes.
	Claim LockPolicy
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Progress, when set, is called after each task with the tasks done
	// and the total, possibly from several goroutines.
	Progress func(done, total int)
}

// What a poll did with a pending task.
const (
	PollPending = "pending" // no adapter is configured for its connector
	PollClaimed = "claimed" // claimed earlier (an adapter ran or is running)
	PollRan     = "ran"     // this poll claimed it and ran the adapter
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
// each with <taskId>.claim.json (O_EXCL) and runs the adapter once: argv
// without a shell, the request path as last argument, the SQUADCI_*
// variables set, a timeout no later than the deadline, bounded captured
// output. It then checks what the adapter wrote with the resume's own
// validator, without consuming it. It never writes a snapshot, a request, a
// state or a result.
func Poll(ctx context.Context, root string, opts PollOptions) (*PollReport, error) {
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
		if !x.Example && x.Request != nil && x.State != nil && x.Result == nil && x.Manifest != nil && IsTaskID(x.TaskID) {
			xs = append(xs, x)
		}
	}
	tasks := eachTask(ctx, &p.mailboxRun, len(xs), opts.Progress, func(i int) *PollOutcome { return p.pollTask(ctx, xs[i]) })
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
	return p
}

// pollTask handles one listed exchange; nil when it is not pending.
func (p *poller) pollTask(ctx context.Context, listed *Exchange) *PollOutcome {
	c, d := p.check(listed)
	if c.Exchange.Result != nil || d.Current != StatusAwaiting || d.Status != StatusAwaiting || c.Request == nil {
		return nil
	}
	now := p.now()
	o := &PollOutcome{TaskID: listed.TaskID, ConnectorID: listed.Manifest.ConnectorID, Mailbox: listed.Mailbox,
		Request: c.Exchange.Request.Path, Deadline: FormatTimestamp(c.Request.Deadline), Action: PollPending}
	claim := claimPath(listed.Mailbox, listed.TaskID)
	if _, err := p.fsys.Lstat(claim); err == nil {
		o.Action = PollClaimed
		return o
	}
	if !p.files.isRealDir(listed.Mailbox) {
		return nil // never create a claim through a link
	}
	adapter, ok := p.opts.Adapters[o.ConnectorID]
	if !ok || len(adapter.Command) == 0 {
		return o
	}
	timeout := c.Request.Deadline.Sub(now)
	if adapter.Timeout > 0 {
		timeout = min(timeout, adapter.Timeout)
	}
	if timeout <= 0 {
		return nil // past its deadline between the check and now
	}
	switch err := claimTask(p.abs(claim), p.opts.Claim, now); {
	case errors.Is(err, errClaimed):
		o.Action = PollClaimed
		return o
	case err != nil:
		o.Error = "claiming the task: " + err.Error()
		return o
	}
	o.Action = PollRan
	o.Run = runAdapter(ctx, adapterCall{
		dir: p.root, argv: adapter.Command, request: o.Request, timeout: timeout, limit: p.opts.OutputLimit,
		env: append(append([]string{}, p.opts.Env...),
			"SQUADCI_TASK_ID="+o.TaskID, "SQUADCI_REQUEST="+o.Request, "SQUADCI_DELIVERABLE_ROOT="+c.Request.DeliverableRoot),
	})
	_, after := p.check(listed)
	after.Changed = false // checked, not consumed
	o.Check = &after
	return o
}

// check reads the task's files and decides it as a resume would, without
// writing anything.
func (p *poller) check(listed *Exchange) (*Checked, TaskDecision) {
	x, unreadable := readExchange(p.files.readFile, listed.Mailbox, listed.TaskID, listed.Manifest)
	c := CheckExchange(x, p.env)
	return c, ResolveTask(c, unreadable, p.now())
}

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/internal/plural"
	"github.com/squadci/squadci/lint"
	"github.com/squadci/squadci/notify"
)

// notifyFlags are --notify, --notify-issue, --notify-deadline and
// --notify-timeout; the first two are shared with the action's notify and
// notify-issue inputs, the action takes the bounds' defaults.
type notifyFlags struct {
	mode, issue       string
	deadline, timeout time.Duration // 0: the defaults
	inputs            bool          // from the action's inputs, not flags: messages name the inputs
}

// How long telling the squad may take. A run sends at most notifyWorkers
// requests at once, each within DefaultNotifyTimeout, and stops starting
// sends once DefaultNotifyDeadline has passed: an API that does not answer
// costs a resume two minutes, not 30 s per request (200 tasks on two
// channels took 3 h 20 min so). What is left stays owed for the next
// resume.
const (
	DefaultNotifyDeadline = 2 * time.Minute
	DefaultNotifyTimeout  = notify.DefaultRequestTimeout
	notifyWorkers         = 4
)

// names are what the messages call the two settings.
func (n *notifyFlags) names() (mode, issue string) {
	if n.inputs {
		return "input notify", "input notify-issue"
	}
	return "--notify", "--notify-issue"
}

func (n *notifyFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&n.mode, "notify", "", "tell the squad of each transition: none|dispatch|comment (default: the config's notify)")
	fs.StringVar(&n.issue, "notify-issue", "", "issue or pull request to comment on (default: the config's notify.comment)")
	fs.DurationVar(&n.deadline, "notify-deadline", DefaultNotifyDeadline, "time the run's notifications may take in all; what is not sent by then stays owed")
	fs.DurationVar(&n.timeout, "notify-timeout", DefaultNotifyTimeout, "time one notification request may take")
}

// notifyTarget is where transitions are announced, and how long that may
// take.
type notifyTarget struct {
	dispatch          bool
	comment           int
	deadline, timeout time.Duration
}

func (t notifyTarget) any() bool { return t.dispatch || t.comment != 0 }

// bounds checks the two durations and fills in the defaults.
func (n *notifyFlags) bounds() (deadline, timeout time.Duration, err error) {
	deadline, timeout = n.deadline, n.timeout
	if n.inputs && deadline == 0 {
		deadline = DefaultNotifyDeadline
	}
	if n.inputs && timeout == 0 {
		timeout = DefaultNotifyTimeout
	}
	if deadline <= 0 {
		return 0, 0, fmt.Errorf("--notify-deadline must be positive (got %s)", deadline)
	}
	if timeout <= 0 {
		return 0, 0, fmt.Errorf("--notify-timeout must be positive (got %s)", timeout)
	}
	return deadline, timeout, nil
}

// target resolves the flags against the configuration: without --notify
// the config's notify decides; none turns everything off; dispatch and
// comment replace it. A comment needs an issue number from --notify-issue
// or the config.
func (n *notifyFlags) target(cfg lint.Notify) (notifyTarget, error) {
	t, err := n.channelTarget(cfg)
	if err != nil {
		return notifyTarget{}, err
	}
	t.deadline, t.timeout, err = n.bounds()
	return t, err
}

func (n *notifyFlags) channelTarget(cfg lint.Notify) (notifyTarget, error) {
	modeName, issueName := n.names()
	issue := 0
	if n.issue != "" {
		v, err := strconv.Atoi(n.issue)
		if err != nil || v <= 0 {
			return notifyTarget{}, fmt.Errorf("invalid %s %q (want an issue or pull request number)", issueName, n.issue)
		}
		issue = v
	}
	switch n.mode {
	case "":
		t := notifyTarget{dispatch: cfg.Dispatch, comment: cfg.Comment}
		if issue != 0 && t.comment != 0 {
			t.comment = issue
		}
		return t, nil
	case "none":
		return notifyTarget{}, nil
	case "dispatch":
		return notifyTarget{dispatch: true}, nil
	case "comment":
		if issue == 0 {
			issue = cfg.Comment
		}
		if issue == 0 {
			return notifyTarget{}, fmt.Errorf("%s comment needs an issue number (%s, or notify.comment in the config)", modeName, issueName)
		}
		return notifyTarget{comment: issue}, nil
	}
	return notifyTarget{}, fmt.Errorf("invalid %s %q (want none, dispatch or comment)", modeName, n.mode)
}

// notifyOutcome says what telling the squad did.
type notifyOutcome struct {
	// Sent counts tasks fully announced this run, owed ones included.
	Sent   int      `json:"sent"`
	Errors []string `json:"errors"`
	// Owed are this run's transitions still owed after it, as their state
	// records them for the next resume.
	Owed []owedOutcome `json:"owed"`
	// Retried are notifications earlier runs owed, as this run left them.
	Retried []connector.Settled `json:"retried"`
	// NotTried counts the notifications (of Owed and Retried) this run did
	// not start before its notification deadline passed or it was stopped.
	NotTried int `json:"notTried"`
}

// owedOutcome is a notification recorded as owed.
type owedOutcome struct {
	TaskID   string   `json:"taskId"`
	Owed     []string `json:"owed"`
	Attempts int      `json:"attempts"`
	GaveUp   bool     `json:"gaveUp,omitempty"`
	NotTried bool     `json:"notTried,omitempty"`
	Error    string   `json:"error,omitempty"` // why it is still owed
}

// owedItem is one notification a run sends: a transition it made (fresh),
// or one an earlier run owes.
type owedItem struct {
	connector.OwedNotification
	fresh bool
}

// owedItems lists the run's notifications: its transitions, whose states
// it wrote owing them on t's channels, then those earlier runs owe.
func owedItems(t notifyTarget, rep *connector.ResumeReport) []owedItem {
	var items []owedItem
	seen := map[string]bool{}
	for _, task := range rep.Tasks {
		if task.Transition && task.State != "" {
			items = append(items, owedItem{OwedNotification: connector.OwedNotification{
				TaskID: task.TaskID, Mailbox: task.Mailbox, State: task.State, Owed: t.channels()}, fresh: true})
			seen[task.State] = true
		}
	}
	for _, o := range rep.Owed {
		if !seen[o.State] {
			items = append(items, owedItem{OwedNotification: o})
		}
	}
	return items
}

// notifyTransitions tells the squad of each transition this run made, and
// sends what earlier runs owe. Every one of them is owed in its task's
// state before a request is made (the resume wrote the transitions so), and
// a sent channel leaves the record only after its request succeeded: a run
// killed at any point leaves the notification owed, and the next resume
// sends it, perhaps again. At most notifyWorkers tasks are sent at once,
// each request within t.timeout; none is started after t.deadline, and
// those left stay owed. A failure is reported, never fatal; a notification
// is tried at most connector.MaxNotifyAttempts times.
func (c *Command) notifyTransitions(ctx context.Context, t notifyTarget, token string, rep *connector.ResumeReport, ledger *connector.NotificationLedger) notifyOutcome {
	out := notifyOutcome{Errors: []string{}, Owed: []owedOutcome{}, Retried: []connector.Settled{}}
	items := owedItems(t, rep)
	if !t.any() || len(items) == 0 {
		return out
	}
	budget, cancel := context.WithTimeoutCause(ctx, t.deadline, fmt.Errorf("the notification deadline (%s) passed", t.deadline))
	defer cancel()
	stopped := func() error {
		if ctx.Err() != nil {
			return errors.New("the run was stopped")
		}
		return context.Cause(budget)
	}
	available, send, ok := c.notifySender(budget, stopped, t, token, &out, len(items))
	settled := make([]*connector.Settled, len(items))
	eachAtMost(len(items), notifyWorkers, func(i int) {
		if budget.Err() == nil {
			s := ledger.Settle(items[i].OwedNotification, available, send)
			settled[i] = &s
		}
	})
	for i, it := range items {
		c.reportSettled(&out, it, settled[i], stopped(), ok)
	}
	if out.NotTried > 0 {
		fmt.Fprintf(c.Stderr, "squadci: notify: %s: %s not tried, left owed for the next resume\n",
			stopped(), plural.Form(out.NotTried, "notification", "notifications"))
	}
	return out
}

// notifySender builds the notifier and the send a settle calls: the
// configured channels, and a send that counts no failed attempt for what
// the run itself cut short (its deadline, a stop). Without a notifier
// (no token, a bad repository; ok false) nothing is sent and nothing is
// counted, and the one reason is reported once.
func (c *Command) notifySender(budget context.Context, stopped func() error, t notifyTarget, token string, out *notifyOutcome, count int) (available []string, send connector.SendFunc, ok bool) {
	n, err := notify.New(notify.Config{
		APIURL: c.getenv("GITHUB_API_URL"), Token: token, Repository: c.getenv("GITHUB_REPOSITORY"),
		Dispatch: t.dispatch, Comment: t.comment, RequestTimeout: t.timeout,
	})
	if err != nil {
		out.Errors = append(out.Errors, err.Error())
		fmt.Fprintf(c.Stderr, "squadci: %s not announced, left owed: %v\n", plural.Count(count, "notification"), err)
		return t.channels(), func(_ *connector.TaskOutcome, channels []string) ([]string, error) {
			return channels, fmt.Errorf("%w: %v", connector.ErrNotSent, err)
		}, false
	}
	return n.Channels(), func(task *connector.TaskOutcome, channels []string) ([]string, error) {
		failed, err := n.Send(budget, transitionOf(task), channels)
		if err != nil && budget.Err() != nil {
			err = fmt.Errorf("%w (%v): %v", connector.ErrNotSent, stopped(), err)
		}
		return failed, err
	}, true
}

// eachAtMost runs fn(0..n-1), at most workers at once.
func eachAtMost(n, workers int, fn func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(n, workers) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				fn(i)
			}
		})
	}
	wg.Wait()
}

// reportSettled adds what one notification's settle did to out and says
// so on stderr; s is nil when it was not tried, for cause. Without a
// notifier (configured false) its one error is reported already.
func (c *Command) reportSettled(out *notifyOutcome, it owedItem, s *connector.Settled, cause error, configured bool) {
	notTried := s == nil
	if notTried {
		out.NotTried++
		s = &connector.Settled{TaskID: it.TaskID, Sent: []string{}, Owed: it.Owed, Attempts: it.Attempts, Error: fmt.Sprintf("not tried: %v", cause)}
	}
	done := len(s.Owed) == 0 && len(s.Sent) > 0
	if len(s.Owed) == 0 && len(s.Sent) == 0 {
		// Another resume sent it (or gave it up) meanwhile: nothing is owed.
		if !it.fresh {
			out.Retried = append(out.Retried, *s)
		}
		return
	}
	switch {
	case !it.fresh:
		out.Retried = append(out.Retried, *s)
	case !done:
		out.Owed = append(out.Owed, owedOutcome{TaskID: s.TaskID, Owed: s.Owed, Attempts: s.Attempts, GaveUp: s.GaveUp, NotTried: notTried, Error: s.Error})
	}
	switch {
	case done:
		out.Sent++
		if !it.fresh {
			fmt.Fprintf(c.Stderr, "squadci: notify: task %s: sent the owed notification (%s)\n", s.TaskID, strings.Join(s.Sent, ", "))
		}
	case notTried, !configured:
		// said once for all
	case s.Error != "":
		out.Errors = append(out.Errors, s.Error)
		fmt.Fprintf(c.Stderr, "squadci: notify: task %s: %s; %s\n", s.TaskID, s.Error, owedText(s.Owed, s.Attempts, s.GaveUp))
	}
}

func transitionOf(task *connector.TaskOutcome) notify.Transition {
	tr := notify.Transition{TaskID: task.TaskID, ConnectorID: task.ConnectorID, Status: task.Status, Artifacts: task.Artifacts}
	if task.Provenance != nil {
		tr.BindingID = task.Provenance.BindingID
	}
	return tr
}

// channels lists the target's channels, as the state records them.
func (t notifyTarget) channels() []string {
	var out []string
	if t.dispatch {
		out = append(out, connector.ChannelDispatch)
	}
	if t.comment != 0 {
		out = append(out, connector.ChannelComment)
	}
	return out
}

// owedText says what is left owed and what happens next.
func owedText(owed []string, attempts int, gaveUp bool) string {
	if gaveUp {
		return fmt.Sprintf("gave up the notification (%s) after %s", strings.Join(owed, ", "), plural.Form(attempts, "failed attempt", "failed attempts"))
	}
	return fmt.Sprintf("notification owed (%s; %d of %d attempts failed); the next resume sends it",
		strings.Join(owed, ", "), attempts, connector.MaxNotifyAttempts)
}

package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/lint"
	"github.com/squadci/squadci/notify"
)

// notifyFlags are --notify and --notify-issue, shared with the action's
// notify and notify-issue inputs.
type notifyFlags struct {
	mode, issue string
	inputs      bool // from the action's inputs, not flags: messages name the inputs
}

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
}

// notifyTarget is where transitions are announced.
type notifyTarget struct {
	dispatch bool
	comment  int
}

func (t notifyTarget) any() bool { return t.dispatch || t.comment != 0 }

// target resolves the flags against the configuration: without --notify
// the config's notify decides; none turns everything off; dispatch and
// comment replace it. A comment needs an issue number from --notify-issue
// or the config.
func (n *notifyFlags) target(cfg lint.Notify) (notifyTarget, error) {
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
	// Owed are this run's transitions whose announcement failed, as
	// recorded in their state for the next resume.
	Owed []owedOutcome `json:"owed"`
	// Retried are notifications earlier runs owed, as this run left them.
	Retried []connector.Settled `json:"retried"`
}

// owedOutcome is a notification recorded as owed.
type owedOutcome struct {
	TaskID   string   `json:"taskId"`
	Owed     []string `json:"owed"`
	Attempts int      `json:"attempts"`
	GaveUp   bool     `json:"gaveUp,omitempty"`
	Error    string   `json:"error,omitempty"` // the record could not be written
}

// notifyTransitions sends one notification per transition this run made,
// then what earlier runs owe. Re-runs find the tasks finished and make no
// transition, so nothing is repeated. A failure is recorded in the task's
// state as owed (never fatal) and the next resume sends it, at most
// connector.MaxNotifyAttempts times.
func (c *Command) notifyTransitions(ctx context.Context, t notifyTarget, token string, rep *connector.ResumeReport, ledger *connector.NotificationLedger) notifyOutcome {
	out := notifyOutcome{Errors: []string{}, Owed: []owedOutcome{}, Retried: []connector.Settled{}}
	var pending []connector.TaskOutcome
	for _, task := range rep.Tasks {
		if task.Transition {
			pending = append(pending, task)
		}
	}
	if !t.any() || len(pending)+len(rep.Owed) == 0 {
		return out
	}
	n, err := notify.New(notify.Config{
		APIURL: c.getenv("GITHUB_API_URL"), Token: token, Repository: c.getenv("GITHUB_REPOSITORY"),
		Dispatch: t.dispatch, Comment: t.comment, HTTPClient: &http.Client{Timeout: 30 * time.Second},
	})
	if err != nil {
		out.Errors = append(out.Errors, err.Error())
		fmt.Fprintf(c.Stderr, "squadci: %d transitions not announced: %v\n", len(pending), err)
		for _, task := range pending {
			c.recordOwed(&out, ledger, task, t.channels(), false, err)
		}
		return out
	}
	for _, task := range pending {
		failed, err := n.Send(ctx, transitionOf(&task), n.Channels())
		if err == nil {
			out.Sent++
			continue
		}
		out.Errors = append(out.Errors, err.Error())
		fmt.Fprintf(c.Stderr, "squadci: notify: %v\n", err)
		c.recordOwed(&out, ledger, task, failed, true, err)
	}
	for _, o := range rep.Owed {
		c.settleOwed(ctx, &out, ledger, n, o)
	}
	return out
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

// recordOwed writes a failed announcement into the task's state.
func (c *Command) recordOwed(out *notifyOutcome, ledger *connector.NotificationLedger, task connector.TaskOutcome, channels []string, attempted bool, cause error) {
	o := owedOutcome{TaskID: task.TaskID, Owed: channels}
	rec, err := ledger.Owe(task.Mailbox, task.TaskID, channels, attempted, cause)
	switch {
	case err != nil:
		o.Error = "not recorded: " + err.Error()
		fmt.Fprintf(c.Stderr, "squadci: notify: task %s: the failed notification could not be recorded as owed: %v\n", task.TaskID, err)
	case rec != nil:
		o.Owed, o.Attempts, o.GaveUp = rec.Owed, rec.Attempts, rec.GaveUp
		fmt.Fprintf(c.Stderr, "squadci: notify: task %s: %s\n", task.TaskID, owedText(rec.Owed, rec.Attempts, rec.GaveUp))
	}
	out.Owed = append(out.Owed, o)
}

// settleOwed sends what an earlier run owes, under the task's lock.
func (c *Command) settleOwed(ctx context.Context, out *notifyOutcome, ledger *connector.NotificationLedger, n *notify.Notifier, o connector.OwedNotification) {
	s := ledger.Settle(o, n.Channels(), func(task *connector.TaskOutcome, channels []string) ([]string, error) {
		return n.Send(ctx, transitionOf(task), channels)
	})
	out.Retried = append(out.Retried, s)
	switch {
	case len(s.Owed) == 0 && len(s.Sent) > 0:
		out.Sent++
		fmt.Fprintf(c.Stderr, "squadci: notify: task %s: sent the owed notification (%s)\n", s.TaskID, strings.Join(s.Sent, ", "))
	case s.Error != "":
		out.Errors = append(out.Errors, s.Error)
		fmt.Fprintf(c.Stderr, "squadci: notify: task %s: %s; %s\n", s.TaskID, s.Error, owedText(s.Owed, s.Attempts, s.GaveUp))
	}
}

// owedText says what is left owed and what happens next.
func owedText(owed []string, attempts int, gaveUp bool) string {
	if gaveUp {
		return fmt.Sprintf("gave up the notification (%s) after %d failed attempts", strings.Join(owed, ", "), attempts)
	}
	return fmt.Sprintf("notification owed (%s; %d of %d attempts failed); the next resume sends it",
		strings.Join(owed, ", "), attempts, connector.MaxNotifyAttempts)
}

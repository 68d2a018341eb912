package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/lint"
	"github.com/squadci/squadci/notify"
)

// notifyFlags are --notify and --notify-issue, shared with the action's
// notify and notify-issue inputs.
type notifyFlags struct {
	mode, issue string
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
	issue := 0
	if n.issue != "" {
		v, err := strconv.Atoi(n.issue)
		if err != nil || v <= 0 {
			return notifyTarget{}, fmt.Errorf("invalid notify issue %q (want an issue or pull request number)", n.issue)
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
			return notifyTarget{}, fmt.Errorf("notify comment needs an issue number (--notify-issue, the notify-issue input or notify.comment in the config)")
		}
		return notifyTarget{comment: issue}, nil
	}
	return notifyTarget{}, fmt.Errorf("invalid notify %q (want none, dispatch or comment)", n.mode)
}

// notifyOutcome says what telling the squad did.
type notifyOutcome struct {
	Sent   int      `json:"sent"`
	Errors []string `json:"errors"`
}

// notifyTransitions sends one notification per transition this run made.
// Re-runs find the tasks finished and make none, so nothing is repeated.
// Failures are reported on stderr and in the outcome, never fatal.
func (c *Command) notifyTransitions(ctx context.Context, t notifyTarget, token string, tasks []connector.TaskOutcome) notifyOutcome {
	out := notifyOutcome{Errors: []string{}}
	var pending []connector.TaskOutcome
	for _, task := range tasks {
		if task.Transition {
			pending = append(pending, task)
		}
	}
	if !t.any() || len(pending) == 0 {
		return out
	}
	n, err := notify.New(notify.Config{
		APIURL: c.getenv("GITHUB_API_URL"), Token: token, Repository: c.getenv("GITHUB_REPOSITORY"),
		Dispatch: t.dispatch, Comment: t.comment, HTTPClient: &http.Client{Timeout: 30 * time.Second},
	})
	if err != nil {
		out.Errors = append(out.Errors, err.Error())
		fmt.Fprintf(c.Stderr, "squadci: %d transitions not announced: %v\n", len(pending), err)
		return out
	}
	for _, task := range pending {
		tr := notify.Transition{TaskID: task.TaskID, ConnectorID: task.ConnectorID, Status: task.Status, Artifacts: task.Artifacts}
		if task.Provenance != nil {
			tr.BindingID = task.Provenance.BindingID
		}
		if err := n.Notify(ctx, tr); err != nil {
			out.Errors = append(out.Errors, err.Error())
			fmt.Fprintf(c.Stderr, "squadci: notify: %v\n", err)
			continue
		}
		out.Sent++
	}
	return out
}

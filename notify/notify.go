// Package notify tells the squad that connector results are ready, through
// the GitHub REST API: a repository_dispatch event or an issue comment. It is
// the GitHub edge of the resume driver; domain packages never import it.
package notify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/google/go-github/v62/github"
	"github.com/squadci/squadci/internal/ghapi"
)

// EventType is the repository_dispatch event a resume sends.
const EventType = "squad-connector-result"

// Transition is one task's move to a new status, with only validated,
// trusted fields: never narrative or artifact contents.
type Transition struct {
	TaskID      string   `json:"taskId"`
	ConnectorID string   `json:"connectorId"`
	BindingID   string   `json:"bindingId,omitempty"`
	Status      string   `json:"status"`
	Artifacts   []string `json:"artifacts"`
}

// DefaultRequestTimeout bounds one API request (redirects and reading the
// answer included) when Config.RequestTimeout is 0. GitHub answers these
// calls in well under a second; an API that has not answered in 10 s is
// treated as down rather than waited for.
const DefaultRequestTimeout = 10 * time.Second

// Config says where and how to notify.
type Config struct {
	APIURL     string // GITHUB_API_URL; default https://api.github.com
	Token      string
	Repository string // owner/name (GITHUB_REPOSITORY)
	Dispatch   bool   // send repository_dispatch
	Comment    int    // comment on this issue or pull request; 0 for none
	HTTPClient *http.Client
	// RequestTimeout bounds each request; 0 means DefaultRequestTimeout.
	RequestTimeout time.Duration
}

// Notifier sends notifications for transitions.
type Notifier struct {
	cfg         Config
	client      *github.Client
	owner, repo string
}

// New checks the configuration and builds the API client.
func New(cfg Config) (*Notifier, error) {
	if !cfg.Dispatch && cfg.Comment == 0 {
		return nil, errors.New("notify: neither dispatch nor comment is configured")
	}
	owner, repo, err := ghapi.SplitRepository(cfg.Repository)
	if err != nil {
		return nil, fmt.Errorf("notify: %w", err)
	}
	client, err := ghapi.NewClient(cfg.APIURL, cfg.Token, cfg.HTTPClient)
	if err != nil {
		return nil, fmt.Errorf("notify: %w", err)
	}
	if cfg.RequestTimeout <= 0 {
		cfg.RequestTimeout = DefaultRequestTimeout
	}
	return &Notifier{cfg: cfg, client: client, owner: owner, repo: repo}, nil
}

// Channels a notification is sent on.
const (
	ChannelDispatch = "dispatch"
	ChannelComment  = "comment"
)

// Channels lists the configured channels.
func (n *Notifier) Channels() []string {
	var out []string
	if n.cfg.Dispatch {
		out = append(out, ChannelDispatch)
	}
	if n.cfg.Comment != 0 {
		out = append(out, ChannelComment)
	}
	return out
}

// Notify sends every configured notification for one transition. Both are
// attempted; the errors are joined.
func (n *Notifier) Notify(ctx context.Context, t Transition) error {
	_, err := n.Send(ctx, t, n.Channels())
	return err
}

// Send sends t on each of channels that is configured, one request each
// within the request timeout, and returns the channels that failed with
// their errors joined: a caller that records what is still owed never
// sends a channel twice. Once ctx ends, the channels left are not sent and
// count as failed.
func (n *Notifier) Send(ctx context.Context, t Transition, channels []string) (failed []string, err error) {
	var errs []error
	for _, ch := range channels {
		var send func(context.Context, Transition) error
		switch {
		case ch == ChannelDispatch && n.cfg.Dispatch:
			send = n.dispatch
		case ch == ChannelComment && n.cfg.Comment != 0:
			send = n.comment
		default:
			continue
		}
		if e := n.request(ctx, t, ch, send); e != nil {
			failed = append(failed, ch)
			errs = append(errs, e)
		}
	}
	return failed, errors.Join(errs...)
}

// request makes one channel's request within the request timeout.
func (n *Notifier) request(ctx context.Context, t Transition, ch string, send func(context.Context, Transition) error) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("%s for task %s not sent: %w", ch, t.TaskID, context.Cause(ctx))
	}
	rctx, cancel := context.WithTimeout(ctx, n.cfg.RequestTimeout)
	defer cancel()
	err := send(rctx, t)
	if err != nil && ctx.Err() == nil && errors.Is(rctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("%s for task %s: no answer within %s: %w", ch, t.TaskID, n.cfg.RequestTimeout, context.DeadlineExceeded)
	}
	return err
}

func (n *Notifier) dispatch(ctx context.Context, t Transition) error {
	if t.Artifacts == nil {
		t.Artifacts = []string{}
	}
	payload, err := json.Marshal(t)
	if err != nil {
		return err
	}
	raw := json.RawMessage(payload)
	_, _, err = n.client.Repositories.Dispatch(ctx, n.owner, n.repo, github.DispatchRequestOptions{EventType: EventType, ClientPayload: &raw})
	if err != nil {
		return fmt.Errorf("repository_dispatch for task %s: %w", t.TaskID, err)
	}
	return nil
}

func (n *Notifier) comment(ctx context.Context, t Transition) error {
	body := CommentBody(t)
	_, _, err := n.client.Issues.CreateComment(ctx, n.owner, n.repo, n.cfg.Comment, &github.IssueComment{Body: &body})
	if err != nil {
		return fmt.Errorf("comment on #%d for task %s: %w", n.cfg.Comment, t.TaskID, err)
	}
	return nil
}

// CommentBody renders a transition as Markdown. Identifiers are validated by
// the contract's syntax rules; they are still set in code spans with any
// backtick removed, so no field can break out of its span.
func CommentBody(t Transition) string {
	code := func(s string) string { return "`" + strings.ReplaceAll(s, "`", "") + "`" }
	var b strings.Builder
	fmt.Fprintf(&b, "**Squad Connector result**: task %s of connector %s", code(t.TaskID), code(t.ConnectorID))
	if t.BindingID != "" {
		fmt.Fprintf(&b, " (binding %s)", code(t.BindingID))
	}
	fmt.Fprintf(&b, " is **%s**.\n", strings.ReplaceAll(t.Status, "*", ""))
	if len(t.Artifacts) > 0 {
		b.WriteString("\nValidated artifacts:\n")
		for _, a := range t.Artifacts {
			fmt.Fprintf(&b, "- %s\n", code(a))
		}
	}
	b.WriteString("\nExternal work is unverified; review the artifacts before relying on them.\n")
	return b.String()
}

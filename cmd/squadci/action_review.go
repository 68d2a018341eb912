package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/sethvargo/go-githubactions"
	"github.com/squadci/squadci/internal/ghapi"
	"github.com/squadci/squadci/internal/plural"
	"github.com/squadci/squadci/lint"
	"github.com/squadci/squadci/lint/report"
	"github.com/squadci/squadci/review"
)

// Review modes of the action's review input.
const (
	reviewOff     = "off"
	reviewComment = "comment"
	reviewSuggest = "suggest"
)

func parseReviewInput(v string) (string, error) {
	switch v = strings.ToLower(strings.TrimSpace(v)); v {
	case "":
		return reviewOff, nil
	case reviewOff, reviewComment, reviewSuggest:
		return v, nil
	}
	return "", fmt.Errorf("input review must be off, comment or suggest, not %q", v)
}

// actionReview posts the run's findings on the pull request (review:
// comment or suggest). It never changes the exit code: a failure is a
// warning annotation and a line of the step summary.
func (c *Command) actionReview(a *githubactions.Action, in actionInputs, run *report.Run, root string) {
	if in.review == reviewOff {
		return
	}
	if ev := c.getenv("GITHUB_EVENT_NAME"); ev != "pull_request" {
		fmt.Fprintf(c.Stderr, "squadci: review: skipped: the event is %q, not pull_request\n", ev)
		return
	}
	var summary strings.Builder
	summary.WriteString("\n### squadci review\n\n")
	out, err := c.runReview(in, run, root)
	for _, n := range out.Notes {
		fmt.Fprintf(c.Stderr, "squadci: review: %s\n", n)
		fmt.Fprintf(&summary, "- %s\n", n)
	}
	line := reviewOutcomeLine(out, err != nil)
	fmt.Fprintf(c.Stderr, "squadci: review: %s\n", line)
	fmt.Fprintf(&summary, "%s\n", line)
	if err != nil {
		a.Warningf("squadci review failed: %v", err)
		fmt.Fprintf(&summary, "\n**The review failed** (the check's result is unchanged): %s\n", err)
	}
	if len(out.Overflow) > 0 {
		summary.WriteString("\n" + review.Table(out.Overflow, maxSummaryRows))
	}
	if in.summary {
		c.appendEnvFile("GITHUB_STEP_SUMMARY", summary.String())
	}
}

// maxSummaryRows caps the overflow table in the step summary, whose 1 MiB
// the findings table shares.
const maxSummaryRows = 500

func reviewOutcomeLine(o review.Outcome, failed bool) string {
	var parts []string
	switch {
	case o.Posted:
		parts = append(parts, fmt.Sprintf("posted a review (%d inline, %d in its body) %s", o.Inline, o.Table, o.URL))
	case failed:
		parts = append(parts, "no review posted")
	default:
		parts = append(parts, "nothing new to post")
	}
	if o.Skipped > 0 {
		parts = append(parts, fmt.Sprintf("%d already on the pull request", o.Skipped))
	}
	if o.Deleted > 0 {
		parts = append(parts, "deleted "+plural.Form(o.Deleted, "comment whose finding is gone", "comments whose findings are gone"))
	}
	if len(o.Overflow) > 0 {
		parts = append(parts, fmt.Sprintf("%d past GitHub's limits, listed below", len(o.Overflow)))
	}
	return strings.Join(parts, "; ")
}

// pullRequestEvent is the part of the pull_request payload a review needs.
type pullRequestEvent struct {
	Number      int `json:"number"`
	PullRequest struct {
		Number int `json:"number"`
		Head   struct {
			SHA string `json:"sha"`
		} `json:"head"`
	} `json:"pull_request"`
}

func (c *Command) runReview(in actionInputs, run *report.Run, root string) (review.Outcome, error) {
	ev, err := c.readPullRequestEvent()
	if err != nil {
		return review.Outcome{}, err
	}
	owner, repo, err := ghapi.SplitRepository(c.getenv("GITHUB_REPOSITORY"))
	if err != nil {
		return review.Outcome{}, fmt.Errorf("GITHUB_REPOSITORY: %w", err)
	}
	token := in.githubToken
	if token == "" {
		token = c.getenv("GITHUB_TOKEN")
	}
	client, err := ghapi.NewClient(c.getenv("GITHUB_API_URL"), token, &http.Client{Timeout: 30 * time.Second})
	if err != nil {
		return review.Outcome{}, err
	}
	cfg := review.Config{
		Client: client, Owner: owner, Repo: repo, Number: ev.PullRequest.Number, HeadSHA: ev.PullRequest.Head.SHA,
		GraphQLURL: c.getenv("GITHUB_GRAPHQL_URL"), Prefix: repoPrefix(root), Findings: run.Findings,
		Source:  reviewSource(root),
		Suggest: in.review == reviewSuggest,
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	return review.Run(ctx, cfg)
}

func (c *Command) readPullRequestEvent() (pullRequestEvent, error) {
	var ev pullRequestEvent
	path := c.getenv("GITHUB_EVENT_PATH")
	if path == "" {
		return ev, errors.New("GITHUB_EVENT_PATH is not set")
	}
	b, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(b, &ev)
	}
	if err != nil {
		return ev, fmt.Errorf("reading the event payload: %w", err)
	}
	if ev.PullRequest.Number == 0 {
		ev.PullRequest.Number = ev.Number
	}
	if ev.PullRequest.Number <= 0 || ev.PullRequest.Head.SHA == "" {
		return ev, errors.New("the event payload has no pull_request.number and pull_request.head.sha")
	}
	return ev, nil
}

// repoPrefix is the lint root's path below its git top-level ("" at the
// top or outside git), as the pull request's file names start.
func repoPrefix(root string) string {
	top := gitTopLevel(root)
	if top == "" {
		return ""
	}
	t, err1 := filepath.EvalSymlinks(top)
	r, err2 := filepath.EvalSymlinks(root)
	rel, err3 := filepath.Rel(t, r)
	if err := errors.Join(err1, err2, err3); err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return ""
	}
	return filepath.ToSlash(rel) + "/"
}

// maxReviewSource bounds a file the review reads to place suggestions:
// every file lint reads is smaller.
const maxReviewSource = 16 << 20

// reviewSource reads a finding's file as lint does: never through a link,
// never a FIFO or device (a finding may be about exactly such a file, and
// a link to /dev/zero must not fill memory), at most maxReviewSource bytes.
func reviewSource(root string) func(p string) ([]byte, error) {
	files := &lint.DiskFiles{Root: root}
	return func(p string) ([]byte, error) { return files.Read(p, maxReviewSource) }
}

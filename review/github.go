package review

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/google/go-github/v62/github"
	"github.com/squadci/squadci/lint/report"
)

// Config says which pull request to review and how.
type Config struct {
	Client      *github.Client
	Owner, Repo string
	Number      int
	HeadSHA     string
	// GraphQLURL is GITHUB_GRAPHQL_URL; derived from the client's base
	// when empty. It answers who the token is when GET /user cannot.
	GraphQLURL string
	Prefix     string
	Findings   []report.Finding
	// Source reads a finding's file (lint-root relative), to check that
	// the checkout is the head and for suggestions.
	Source func(path string) ([]byte, error)
	// Suggest adds suggestion blocks (review: suggest).
	Suggest bool
}

// Outcome is what a review run did.
type Outcome struct {
	Posted   bool
	URL      string
	Inline   int
	Table    int
	Skipped  int
	Deleted  int
	Overflow []*report.Finding
	// Notes are problems that did not stop the review (a patch that
	// could not be read, an identity that could not be learnt).
	Notes []string
}

// Run reviews the pull request: it learns the token's user, reads the
// changed files' patches, the review comments and reviews already there,
// posts one review with what is new and deletes its own comments whose
// finding is gone. The error joins every call that failed; what could be
// done is done.
func Run(ctx context.Context, cfg Config) (Outcome, error) {
	var out Outcome
	login, err := identity(ctx, cfg)
	if err != nil {
		out.Notes = append(out.Notes, fmt.Sprintf("the token's user is unknown (%v): markers of any author count, no comment is deleted", err))
	}
	diffs, notes, err := changedFiles(ctx, cfg)
	out.Notes = append(out.Notes, notes...)
	if err != nil {
		return out, err
	}
	present, own, err := existingMarkers(ctx, cfg, login)
	if err != nil {
		return out, err
	}
	in := Input{Findings: cfg.Findings, Diffs: diffs, Prefix: cfg.Prefix, Present: present, Own: own, Source: cfg.Source, Suggest: cfg.Suggest}
	p := Build(in)
	out.Skipped, out.Overflow, out.Notes = p.Skipped, p.Overflow, append(out.Notes, p.Notes...)
	var errs []error
	if !p.Empty() {
		errs = append(errs, post(ctx, cfg, in, p, &out))
	}
	for _, id := range p.Delete {
		if _, err := cfg.Client.PullRequests.DeleteComment(ctx, cfg.Owner, cfg.Repo, id); err != nil {
			errs = append(errs, fmt.Errorf("deleting review comment %d: %w", id, err))
			continue
		}
		out.Deleted++
	}
	return out, errors.Join(errs...)
}

// post posts the plan's review. When GitHub refuses the inline comments'
// lines (422), it posts again with every new finding in the body.
func post(ctx context.Context, cfg Config, in Input, p Plan, out *Outcome) error {
	url, err := postReview(ctx, cfg, &p)
	if unprocessable(err) && len(p.Comments) > 0 {
		out.Notes = append(out.Notes, fmt.Sprintf("GitHub refused the inline comments (%v); posted them in the review body", err))
		in.Diffs = nil
		p = Build(in)
		out.Overflow = p.Overflow
		url, err = postReview(ctx, cfg, &p)
	}
	if err != nil {
		return err
	}
	out.Posted, out.URL, out.Inline, out.Table = true, url, len(p.Comments), len(p.Table)
	return nil
}

func unprocessable(err error) bool {
	var er *github.ErrorResponse
	return errors.As(err, &er) && er.Response != nil && er.Response.StatusCode == http.StatusUnprocessableEntity
}

// identity is the token's login: GET /user, or the GraphQL viewer for an
// installation token (GITHUB_TOKEN, a GitHub App), which GET /user
// refuses with 403.
func identity(ctx context.Context, cfg Config) (string, error) {
	u, _, err := cfg.Client.Users.Get(ctx, "")
	if err == nil && u.GetLogin() != "" {
		return u.GetLogin(), nil
	}
	var er *github.ErrorResponse
	if !errors.As(err, &er) || er.Response == nil || er.Response.StatusCode != http.StatusForbidden {
		return "", fmt.Errorf("GET /user: %w", err)
	}
	req, err := cfg.Client.NewRequest("POST", graphQLURL(cfg), map[string]string{"query": "query { viewer { login } }"})
	if err != nil {
		return "", err
	}
	var res struct {
		Data struct {
			Viewer struct{ Login string } `json:"viewer"`
		} `json:"data"`
	}
	if _, err := cfg.Client.Do(ctx, req, &res); err != nil {
		return "", fmt.Errorf("GraphQL viewer: %w", err)
	}
	if res.Data.Viewer.Login == "" {
		return "", errors.New("GraphQL viewer: no login in the answer")
	}
	return res.Data.Viewer.Login, nil
}

// graphQLURL is GITHUB_GRAPHQL_URL, else the API's: /graphql beside
// GitHub.com's REST root, /api/graphql for GitHub Enterprise's /api/v3.
func graphQLURL(cfg Config) string {
	if cfg.GraphQLURL != "" {
		return cfg.GraphQLURL
	}
	base := cfg.Client.BaseURL.String()
	if strings.HasSuffix(base, "/api/v3/") {
		return strings.TrimSuffix(base, "v3/") + "graphql"
	}
	return base + "graphql"
}

// eachPage calls list for every page of 100 and each for every item.
func eachPage[T any](list func(*github.ListOptions) ([]T, *github.Response, error), each func(T)) error {
	opts := &github.ListOptions{PerPage: 100}
	for {
		items, resp, err := list(opts)
		if err != nil {
			return err
		}
		for _, it := range items {
			each(it)
		}
		if resp.NextPage == 0 {
			return nil
		}
		opts.Page = resp.NextPage
	}
}

// changedFiles reads the pull request's files (GitHub lists at most
// 3,000) into their RIGHT-side hunks.
func changedFiles(ctx context.Context, cfg Config) (map[string]FileDiff, []string, error) {
	diffs := map[string]FileDiff{}
	var notes []string
	err := eachPage(func(o *github.ListOptions) ([]*github.CommitFile, *github.Response, error) {
		return cfg.Client.PullRequests.ListFiles(ctx, cfg.Owner, cfg.Repo, cfg.Number, o)
	}, func(f *github.CommitFile) {
		if f.GetStatus() == "removed" {
			return
		}
		d, err := ParsePatch(f.GetPatch())
		if err != nil {
			notes = append(notes, fmt.Sprintf("%s: %v; its findings go into the review body", f.GetFilename(), err))
		}
		diffs[f.GetFilename()] = d
	})
	if err != nil {
		return nil, notes, fmt.Errorf("listing the pull request's files: %w", err)
	}
	return diffs, notes, nil
}

// existingMarkers collects the markers on the pull request: of the
// token's user when it is known (a marker pasted by someone else does not
// silence a finding), of anyone when not. Own inline comments may be
// deleted; review bodies cannot be.
func existingMarkers(ctx context.Context, cfg Config, login string) ([]Key, []OwnComment, error) {
	counts := func(author string) bool { return login == "" || author == login }
	var present []Key
	var own []OwnComment
	err := eachPage(func(o *github.ListOptions) ([]*github.PullRequestComment, *github.Response, error) {
		return cfg.Client.PullRequests.ListComments(ctx, cfg.Owner, cfg.Repo, cfg.Number, &github.PullRequestListCommentsOptions{ListOptions: *o})
	}, func(c *github.PullRequestComment) {
		keys := Markers(c.GetBody())
		if len(keys) == 0 || !counts(c.GetUser().GetLogin()) {
			return
		}
		k := keys[len(keys)-1] // a comment's own marker ends it
		present = append(present, k)
		if login != "" {
			own = append(own, OwnComment{ID: c.GetID(), Key: k})
		}
	})
	if err != nil {
		return nil, nil, fmt.Errorf("listing the review comments: %w", err)
	}
	err = eachPage(func(o *github.ListOptions) ([]*github.PullRequestReview, *github.Response, error) {
		return cfg.Client.PullRequests.ListReviews(ctx, cfg.Owner, cfg.Repo, cfg.Number, o)
	}, func(r *github.PullRequestReview) {
		if counts(r.GetUser().GetLogin()) {
			present = append(present, Markers(r.GetBody())...)
		}
	})
	if err != nil {
		return nil, nil, fmt.Errorf("listing the reviews: %w", err)
	}
	return present, own, nil
}

// postReview posts the plan as one COMMENT review on the head commit.
func postReview(ctx context.Context, cfg Config, p *Plan) (string, error) {
	req := &github.PullRequestReviewRequest{
		CommitID: github.String(cfg.HeadSHA),
		Body:     github.String(p.Body),
		Event:    github.String("COMMENT"),
	}
	for _, c := range p.Comments {
		dc := &github.DraftReviewComment{
			Path: github.String(c.Path), Body: github.String(c.Body),
			Side: github.String("RIGHT"), Line: github.Int(c.Last),
		}
		if c.First < c.Last {
			dc.StartLine, dc.StartSide = github.Int(c.First), github.String("RIGHT")
		}
		req.Comments = append(req.Comments, dc)
	}
	r, _, err := cfg.Client.PullRequests.CreateReview(ctx, cfg.Owner, cfg.Repo, cfg.Number, req)
	if err != nil {
		return "", fmt.Errorf("posting the review: %w", err)
	}
	return r.GetHTMLURL(), nil
}

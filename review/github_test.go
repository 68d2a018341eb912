package review_test

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-github/v62/github"
	"github.com/squadci/squadci/internal/ghapi"
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/report"
	"github.com/squadci/squadci/review"
	"github.com/squadci/squadci/review/reviewtest"
	_ "github.com/squadci/squadci/squadstate" // registers SS236
)

// charter is a file of the pull request, wholly added (a new file).
const charter = "# Charter\nPreferred: gpt\nline three\nline four\n"

var prFiles = []reviewtest.File{
	{Filename: "docs/charter.md", Status: "added", Patch: "@@ -0,0 +1,4 @@\n+# Charter\n+Preferred: gpt\n+line three\n+line four"},
	{Filename: "logo.png", Status: "added"}, // binary: no patch
}

// at builds a finding of SS236 over src[start:end] with its fingerprint,
// as the engine resolves it.
func at(path, src string, start, end int, msg string) report.Finding {
	line := 1 + strings.Count(src[:start], "\n")
	endLine := 1 + strings.Count(src[:end], "\n")
	ls := strings.LastIndex(src[:start], "\n") + 1
	le := strings.Index(src[start:], "\n")
	if le < 0 {
		le = len(src) - start
	}
	f := report.Finding{
		Diagnostic: diag.Diagnostic{Rule: "SS236", Severity: diag.SeverityError, Path: path, Span: diag.Span{Start: start, End: end}, Message: msg},
		Line:       line, Column: start - ls + 1, EndLine: endLine, EndColumn: 2,
		Fingerprint: report.Fingerprint("SS236", path, src[start:end], src[ls:start+le]),
	}
	return f
}

func findings() []report.Finding {
	two := strings.Index(charter, "Preferred")
	fixed := at("docs/charter.md", charter, two, two+10, "plain Preferred: line")
	fixed.Fix = &diag.Fix{Edits: []diag.Edit{{Start: two, End: two + 10, Text: "**Preferred:**"}}}
	three := strings.Index(charter, "line three")
	multi := at("docs/charter.md", charter, three, three+15, "two lines")
	elsewhere := at("old.md", "x\n", 0, 1, "not in this pull request")
	fs := []report.Finding{fixed, multi, elsewhere}
	report.NumberOccurrences(fs)
	return fs
}

func config(t *testing.T, g *reviewtest.GitHub, fs []report.Finding) review.Config {
	return configWith(t, g, fs, map[string]string{"docs/charter.md": charter})
}

// configWith reviews fs with the checkout's files.
func configWith(t *testing.T, g *reviewtest.GitHub, fs []report.Finding, checkout map[string]string) review.Config {
	t.Helper()
	client, err := ghapi.NewClient(g.URL, reviewtest.Token, &http.Client{})
	if err != nil {
		t.Fatal(err)
	}
	return review.Config{
		Client: client, Owner: reviewtest.Owner, Repo: reviewtest.Repo, Number: reviewtest.Number, HeadSHA: reviewtest.HeadSHA,
		GraphQLURL: g.URL + "/graphql", Findings: fs, Suggest: true,
		Source: func(p string) ([]byte, error) {
			if text, ok := checkout[p]; ok {
				return []byte(text), nil
			}
			return nil, errors.New("no such file")
		},
	}
}

const pulls = "/repos/acme/repo/pulls/7"

var listCalls = []string{"GET /user?", "GET " + pulls + "/files?per_page=100", "GET " + pulls + "/comments?per_page=100", "GET " + pulls + "/reviews?per_page=100"}

func wantCalls(t *testing.T, got []string, extra ...string) {
	t.Helper()
	want := append(append([]string(nil), listCalls...), extra...)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("calls:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestRunPostsThenNothingNewThenDeletesFixed(t *testing.T) {
	g := reviewtest.New(t, "squadci-bot", prFiles)
	fs := findings()
	out, err := review.Run(context.Background(), config(t, g, fs))
	if err != nil || !out.Posted || out.Inline != 2 || out.Table != 1 {
		t.Fatalf("first run: %+v, %v", out, err)
	}
	posted, deleted, calls := g.Take()
	wantCalls(t, calls, "POST "+pulls+"/reviews?")
	if len(posted) != 1 || len(deleted) != 0 || len(posted[0].Comments) != 2 {
		t.Fatalf("posted %+v, deleted %v", posted, deleted)
	}
	c1, c2 := posted[0].Comments[0], posted[0].Comments[1]
	if c1.Path != "docs/charter.md" || c1.Line != 2 || c1.StartLine != 0 || c1.Side != "RIGHT" {
		t.Errorf("first comment at %s:%d-%d %s", c1.Path, c1.StartLine, c1.Line, c1.Side)
	}
	rule, _ := diag.Lookup("SS236")
	wantBody := "**squadci SS236** (error): plain Preferred: line\n\n[SS236 squad-charter-model-syntax](" +
		rule.HelpURL() + ")\n\n```suggestion\n**Preferred:** gpt\n```\n\n" +
		review.Marker(review.Key{Rule: "SS236", Fingerprint: fs[0].Fingerprint})
	if c1.Body != wantBody {
		t.Errorf("first comment body:\n%s\nwant:\n%s", c1.Body, wantBody)
	}
	if c2.StartLine != 3 || c2.Line != 4 || c2.StartSide != "RIGHT" || strings.Contains(c2.Body, "suggestion") {
		t.Errorf("multi-line comment = %+v", c2)
	}
	for _, want := range []string{"3 new findings, 2 on the lines this pull request changes (inline), these elsewhere:", "| old.md | 1 | [SS236](", review.Marker(review.Key{Rule: "SS236", Fingerprint: fs[2].Fingerprint})} {
		if !strings.Contains(posted[0].Body, want) {
			t.Errorf("review body lacks %q:\n%s", want, posted[0].Body)
		}
	}

	out, err = review.Run(context.Background(), config(t, g, fs))
	posted, deleted, calls = g.Take()
	if err != nil || out.Posted || out.Skipped != 3 || len(posted)+len(deleted) != 0 {
		t.Errorf("re-run: %+v, %v; posted %v, deleted %v", out, err, posted, deleted)
	}
	wantCalls(t, calls)

	// Another user's comment with the marker of a finding that is gone is
	// not squadci's own: it stays.
	foreign := g.AddComment(reviewtest.Comment{Body: "quoting\n" + review.Marker(review.Key{Rule: "SS236", Fingerprint: strings.Repeat("ab", 16)}), User: reviewtest.User{Login: "octocat"}})
	multiID := g.Comments()[1].ID
	out, err = review.Run(context.Background(), config(t, g, []report.Finding{fs[0], fs[2]}))
	posted, deleted, calls = g.Take()
	if err != nil || out.Posted || out.Deleted != 1 || len(deleted) != 1 || deleted[0] != multiID {
		t.Errorf("fixed run: %+v, %v; deleted %v, want [%d]", out, err, deleted, multiID)
	}
	wantCalls(t, calls, "DELETE /repos/acme/repo/pulls/comments/"+itoa(multiID)+"?")
	if cs := g.Comments(); len(cs) != 2 || cs[1].ID != foreign {
		t.Errorf("comments left: %+v", cs)
	}
}

func TestRunInstallationTokenAsksGraphQL(t *testing.T) {
	g := reviewtest.New(t, "github-actions[bot]", prFiles)
	g.Installation = true
	fs := findings()
	if out, err := review.Run(context.Background(), config(t, g, fs)); err != nil || !out.Posted || len(out.Notes) != 0 {
		t.Fatalf("%+v, %v", out, err)
	}
	_, _, calls := g.Take()
	if len(calls) < 2 || calls[1] != "POST /graphql?" {
		t.Errorf("calls = %v, want GET /user then POST /graphql", calls)
	}
	// The second run knows its comments from the viewer's login.
	if out, err := review.Run(context.Background(), config(t, g, fs[:1])); err != nil || out.Posted || out.Deleted != 1 {
		t.Errorf("re-run: %+v, %v", out, err)
	}
}

func TestRunOverflow(t *testing.T) {
	var src strings.Builder
	for i := 0; i < review.MaxComments+3; i++ {
		src.WriteString("Preferred: line " + itoa(int64(i)) + "\n")
	}
	text := src.String()
	patch := "@@ -0,0 +1," + itoa(int64(review.MaxComments+3)) + " @@\n+" + strings.ReplaceAll(strings.TrimSuffix(text, "\n"), "\n", "\n+")
	g := reviewtest.New(t, "squadci-bot", []reviewtest.File{{Filename: "big.md", Status: "added", Patch: patch}})
	var fs []report.Finding
	for off := 0; off < len(text); off += strings.Index(text[off:], "\n") + 1 {
		fs = append(fs, at("big.md", text, off, off+10, "plain"))
	}
	out, err := review.Run(context.Background(), configWith(t, g, fs, map[string]string{"big.md": text}))
	posted, _, _ := g.Take()
	if err != nil || out.Inline != review.MaxComments || out.Table != 3 || len(posted[0].Comments) != review.MaxComments {
		t.Fatalf("%+v, %v", out, err)
	}
	if !strings.Contains(posted[0].Body, "| big.md | 53 |") {
		t.Errorf("the last finding is not in the body:\n%s", posted[0].Body)
	}
}

func TestRunAPIFailure(t *testing.T) {
	g := reviewtest.New(t, "squadci-bot", prFiles)
	g.Fail["POST "+pulls+"/reviews"] = http.StatusForbidden
	out, err := review.Run(context.Background(), config(t, g, findings()))
	var er *github.ErrorResponse
	if err == nil || out.Posted || !errors.As(err, &er) || !strings.Contains(err.Error(), "posting the review") {
		t.Errorf("%+v, %v", out, err)
	}
	if strings.Contains(err.Error(), reviewtest.Token) {
		t.Errorf("the error names the token: %v", err)
	}
	g.Fail["GET "+pulls+"/files"] = http.StatusBadGateway
	if _, err := review.Run(context.Background(), config(t, g, findings())); err == nil || !strings.Contains(err.Error(), "listing the pull request's files") {
		t.Errorf("files failure: %v", err)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func TestRunCheckoutNotTheHead(t *testing.T) {
	g := reviewtest.New(t, "squadci-bot", prFiles)
	merged := "# Charter\nfrom the base\nPreferred: gpt\nline three\nline four\n"
	out, err := review.Run(context.Background(), configWith(t, g, findings(), map[string]string{"docs/charter.md": merged}))
	posted, _, _ := g.Take()
	if err != nil || out.Inline != 0 || out.Table != 3 || len(posted) != 1 || len(posted[0].Comments) != 0 {
		t.Fatalf("%+v, %v", out, err)
	}
	if len(out.Notes) != 1 || !strings.Contains(out.Notes[0], "docs/charter.md: the checkout is not the pull request's head") {
		t.Errorf("notes = %q", out.Notes)
	}
}

func TestRunReadsEveryPage(t *testing.T) {
	files := append([]reviewtest.File{{Filename: "a.md", Status: "modified", Patch: "@@ -1 +1 @@\n-x\n+y"}, {Filename: "gone.md", Status: "removed"}}, prFiles...)
	g := reviewtest.New(t, "squadci-bot", files)
	g.PageSize = 1
	fs := findings()
	if _, err := review.Run(context.Background(), config(t, g, fs)); err != nil {
		t.Fatal(err)
	}
	g.Take()
	out, err := review.Run(context.Background(), config(t, g, fs))
	_, _, calls := g.Take()
	// 4 files, 2 comments, 1 review: one call per page, and nothing new.
	if err != nil || out.Posted || out.Skipped != 3 || len(calls) != 1+4+2+1 {
		t.Errorf("%+v, %v; calls %v", out, err, calls)
	}
	if calls[2] != "GET "+pulls+"/files?page=2&per_page=100" {
		t.Errorf("second page call = %q", calls[2])
	}
}

func TestRunRefusedLinesGoIntoTheBody(t *testing.T) {
	g := reviewtest.New(t, "squadci-bot", prFiles)
	g.RefuseLines = true
	out, err := review.Run(context.Background(), config(t, g, findings()))
	posted, _, calls := g.Take()
	if err != nil || !out.Posted || out.Inline != 0 || out.Table != 3 || len(posted) != 1 {
		t.Fatalf("%+v, %v", out, err)
	}
	wantCalls(t, calls, "POST "+pulls+"/reviews?", "POST "+pulls+"/reviews?")
	if len(out.Notes) != 1 || !strings.Contains(out.Notes[0], "GitHub refused the inline comments") {
		t.Errorf("notes = %q", out.Notes)
	}
}

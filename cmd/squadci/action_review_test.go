package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/squadci/squadci/review/reviewtest"
)

// reviewTree is a repository whose changed manifest has a bad contact
// (CN119, an error) and whose unchanged one has an unconventional
// dropPath (CN116, a warning); the pull request adds only the first.
func reviewTree(t *testing.T) (dir string, files []reviewtest.File) {
	bad := strings.Replace(goodManifest, "squad-integrations@example.com", "not an address", 1)
	warn := strings.ReplaceAll(goodManifest, "acme-research-agent", "other-agent")
	warn = strings.Replace(warn, ".connector-drops/other-agent/", ".connector-drops/mail-other-agent/", 1)
	dir = writeTree(t, map[string]string{"connectors/bad.json": bad, "connectors/other.json": warn})
	lines := strings.Split(strings.TrimSuffix(bad, "\n"), "\n")
	patch := "@@ -0,0 +1," + strconv.Itoa(len(lines)) + " @@\n+" + strings.Join(lines, "\n+")
	return dir, []reviewtest.File{{Filename: "connectors/bad.json", Status: "added", Patch: patch}}
}

// reviewEnv is actionEnv for a pull_request event with a head commit,
// against the fake.
func reviewEnv(t *testing.T, g *reviewtest.GitHub, event string, inputs map[string]string) (env []string, summary string) {
	inputs["github-token"] = reviewtest.Token
	env, _, summary = actionEnv(t, inputs)
	payload := filepath.Join(t.TempDir(), "event.json")
	if err := os.WriteFile(payload, []byte(`{"number":7,"pull_request":{"number":7,"head":{"sha":"`+reviewtest.HeadSHA+`"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	return append(env, "GITHUB_EVENT_PATH="+payload, "GITHUB_EVENT_NAME="+event, "GITHUB_API_URL="+g.URL, "GITHUB_GRAPHQL_URL="+g.URL+"/graphql"), summary
}

func readSummary(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestActionReviewPostsOnceAndKeepsTheExitCode(t *testing.T) {
	dir, files := reviewTree(t)
	g := reviewtest.New(t, "github-actions[bot]", files)
	g.Installation = true // GITHUB_TOKEN: GET /user answers 403
	env, summary := reviewEnv(t, g, "pull_request", map[string]string{"review": "comment"})
	code, stdout, stderr := runAction(t, dir, env)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (the error finding)\n%s", code, stderr)
	}
	posted, _, _ := g.Take()
	if len(posted) != 1 || len(posted[0].Comments) != 1 {
		t.Fatalf("posted %+v", posted)
	}
	c := posted[0].Comments[0]
	if c.Path != "connectors/bad.json" || !strings.Contains(c.Body, "**squadci CN119** (error)") || !strings.Contains(c.Body, "<!-- squadci:CN119:") {
		t.Errorf("comment = %+v", c)
	}
	if !strings.Contains(posted[0].Body, "| connectors/other.json |") || !strings.Contains(posted[0].Body, "[CN116](") {
		t.Errorf("the unchanged file's finding is not in the body:\n%s", posted[0].Body)
	}
	sum := readSummary(t, summary)
	if !strings.Contains(sum, "### squadci review") || !strings.Contains(sum, "posted a review (1 inline, 1 in its body)") {
		t.Errorf("summary:\n%s", sum)
	}
	if strings.Contains(stdout+stderr+sum, reviewtest.Token) {
		t.Error("the token was printed")
	}

	env, summary = reviewEnv(t, g, "pull_request", map[string]string{"review": "comment"})
	if code, _, stderr := runAction(t, dir, env); code != 1 || !strings.Contains(stderr, "review: nothing new to post; 2 already on the pull request") {
		t.Errorf("re-run: exit %d\n%s", code, stderr)
	}
	if posted, deleted, _ := g.Take(); len(posted)+len(deleted) != 0 {
		t.Errorf("re-run posted %v, deleted %v", posted, deleted)
	}
	if sum := readSummary(t, summary); !strings.Contains(sum, "nothing new to post") {
		t.Errorf("re-run summary:\n%s", sum)
	}
}

func TestActionReviewFailureIsAWarning(t *testing.T) {
	dir, files := reviewTree(t)
	g := reviewtest.New(t, "squadci-bot", files)
	g.Fail["POST /repos/acme/repo/pulls/7/reviews"] = 403 // a fork's read-only token
	env, summary := reviewEnv(t, g, "pull_request", map[string]string{"review": "suggest", "fail-level": "none"})
	code, stdout, stderr := runAction(t, dir, env)
	if code != 0 {
		t.Fatalf("exit %d, want 0 (fail-level none; a review failure never fails)\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "::warning::squadci review failed: posting the review: POST ") {
		t.Errorf("no warning annotation:\n%s", stdout)
	}
	sum := readSummary(t, summary)
	if !strings.Contains(sum, "no review posted\n") || !strings.Contains(sum, "**The review failed** (the check's result is unchanged)") {
		t.Errorf("summary:\n%s", sum)
	}
	if strings.Contains(stdout+stderr+sum, reviewtest.Token) {
		t.Error("the token was printed")
	}
}

func TestActionReviewOnlyOnPullRequests(t *testing.T) {
	dir, files := reviewTree(t)
	g := reviewtest.New(t, "squadci-bot", files)
	env, summary := reviewEnv(t, g, "push", map[string]string{"review": "suggest"})
	code, _, stderr := runAction(t, dir, env)
	if code != 1 || !strings.Contains(stderr, `review: skipped: the event is "push", not pull_request`) {
		t.Errorf("exit %d\n%s", code, stderr)
	}
	if _, _, calls := g.Take(); len(calls) != 0 {
		t.Errorf("a push made API calls: %v", calls)
	}
	if strings.Contains(readSummary(t, summary), "squadci review") {
		t.Error("a push wrote a review summary")
	}
	env, _ = reviewEnv(t, g, "pull_request", map[string]string{"review": "loud"})
	if code, _, stderr := runAction(t, dir, env); code != 2 || !strings.Contains(stderr, `input review must be off, comment or suggest, not "loud"`) {
		t.Errorf("review: loud: exit %d\n%s", code, stderr)
	}
}

// TestActionReviewBelowTheTop reviews a working-directory below the
// repository's top: comment paths are repository-relative.
func TestActionReviewBelowTheTop(t *testing.T) {
	dir, files := reviewTree(t)
	top := t.TempDir()
	if err := os.Rename(dir, filepath.Join(top, "squad")); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("git", "init", "-q", top).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	files[0].Filename = "squad/" + files[0].Filename
	g := reviewtest.New(t, "squadci-bot", files)
	env, _ := reviewEnv(t, g, "pull_request", map[string]string{"review": "comment", "working-directory": "squad"})
	env = append(env, "GITHUB_WORKSPACE="+top)
	if code, _, stderr := runAction(t, top, env); code != 1 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	posted, _, _ := g.Take()
	if len(posted) != 1 || len(posted[0].Comments) != 1 || posted[0].Comments[0].Path != "squad/connectors/bad.json" {
		t.Fatalf("posted %+v", posted)
	}
}

// TestActionReviewSuggestsARuleFix: with review: suggest, a finding of a
// fixable rule on a changed line (CN101: a field in another letter case)
// carries a suggestion block holding the line as --fix would write it.
func TestActionReviewSuggestsARuleFix(t *testing.T) {
	cased := strings.Replace(goodManifest, `"dropPath"`, `"DropPath"`, 1)
	dir := writeTree(t, map[string]string{"connectors/cased.json": cased})
	lines := strings.Split(strings.TrimSuffix(cased, "\n"), "\n")
	patch := "@@ -0,0 +1," + strconv.Itoa(len(lines)) + " @@\n+" + strings.Join(lines, "\n+")
	g := reviewtest.New(t, "squadci-bot", []reviewtest.File{{Filename: "connectors/cased.json", Status: "added", Patch: patch}})
	env, _ := reviewEnv(t, g, "pull_request", map[string]string{"review": "suggest"})
	_, _, stderr := runAction(t, dir, env)
	posted, _, _ := g.Take()
	if len(posted) != 1 {
		t.Fatalf("posted %d reviews\n%s", len(posted), stderr)
	}
	var found bool
	for _, c := range posted[0].Comments {
		if strings.Contains(c.Body, "squadci CN101") {
			found = true
			want := "```suggestion\n  \"dropPath\": \".connector-drops/acme-research-agent/\",\n```"
			if !strings.Contains(c.Body, want) {
				t.Errorf("CN101 comment has no suggestion with the fixed line:\n%s", c.Body)
			}
		}
	}
	if !found {
		t.Fatalf("no CN101 comment in %+v", posted[0].Comments)
	}
}

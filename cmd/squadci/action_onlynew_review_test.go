package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/review/reviewtest"
)

// TestActionReviewOnlyNewComparesWithTheBase: the review of a pull request
// with only-new posts what --new-from-rev against the pull request's base
// keeps. An old whole-file finding (AF113 on line 1) of a file the pull
// request edits is not posted; the same rule made true on the unchanged
// line 1 of another file, by deleting its tools: line, is. Without only-new
// both are posted.
func TestActionReviewOnlyNewComparesWithTheBase(t *testing.T) {
	dir := newGitRepo(t, map[string]string{
		".github/agents/old.agent.md":   agentDoc("old", false, "body\n"),
		".github/agents/tools.agent.md": agentDoc("tools", true, "body\n"),
	})
	base := commitBaseAndBranch(t, dir)
	writeFiles(t, dir, map[string]string{
		".github/agents/old.agent.md":   agentDoc("old", false, "body, edited\nand more\n"),
		".github/agents/tools.agent.md": agentDoc("tools", false, "body\n"),
	})
	commitAll(t, dir, "edit both agents")
	files := []reviewtest.File{
		{Filename: ".github/agents/old.agent.md", Status: "modified", Patch: "@@ -7 +7,2 @@\n-body\n+body, edited\n+and more"},
		{Filename: ".github/agents/tools.agent.md", Status: "modified", Patch: "@@ -4 +3,0 @@\n-tools: ['read']"},
	}

	posted := func(onlyNew string) string {
		t.Helper()
		g := reviewtest.New(t, "squadci-bot", files)
		env, _, _ := actionEnv(t, map[string]string{"review": "comment", "only-new": onlyNew, "github-token": reviewtest.Token})
		payload := filepath.Join(t.TempDir(), "event.json")
		event := `{"number":7,"pull_request":{"number":7,"head":{"sha":"` + reviewtest.HeadSHA + `"},"base":{"sha":"` + base + `"}}}`
		if err := os.WriteFile(payload, []byte(event), 0o644); err != nil {
			t.Fatal(err)
		}
		env = append(env, "GITHUB_EVENT_PATH="+payload, "GITHUB_EVENT_NAME=pull_request", "GITHUB_API_URL="+g.URL, "GITHUB_GRAPHQL_URL="+g.URL+"/graphql")
		code, stdout, stderr := runAction(t, dir, env)
		if code > 1 {
			t.Fatalf("only-new %s: exit %d\n%s\n%s", onlyNew, code, stdout, stderr)
		}
		reviews, _, _ := g.Take()
		var all strings.Builder
		for _, r := range reviews {
			all.WriteString(r.Body + "\n")
			for _, c := range r.Comments {
				all.WriteString(c.Path + ": " + c.Body + "\n")
			}
		}
		return all.String()
	}

	got := posted("true")
	if !strings.Contains(got, "tools.agent.md") || !strings.Contains(got, "AF113") {
		t.Errorf("only-new: the new AF113 on the unchanged line 1 of tools.agent.md is not posted:\n%s", got)
	}
	if strings.Contains(got, "old.agent.md") {
		t.Errorf("only-new: the AF113 old.agent.md had at the base is posted:\n%s", got)
	}
	if got := posted("false"); !strings.Contains(got, "old.agent.md") || !strings.Contains(got, "tools.agent.md") {
		t.Errorf("without only-new both findings are posted; got:\n%s", got)
	}
}

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReviewPreview: `squadci review --base REV` prints, with no token and
// no network, the review the action would post for the change from REV:
// the finding the change added goes inline on its line with a suggestion
// block under --suggest; the finding that was already there at REV, and
// the file's untouched finding, are not in it; markdown shows the same.
func TestReviewPreview(t *testing.T) {
	old := "---\ndescription: Summarise the open pull requests\nmode: ask\n---\nSummarise the open pull requests.\n"
	dir := newGitRepo(t, map[string]string{
		".github/prompts/summary.prompt.md": old,
		".github/prompts/triage.prompt.md":  "---\ndescription: Triage\n---\nTriage the issues.\n",
	})
	mustGit(t, dir, "add", "-A")
	mustGit(t, dir, "commit", "-qm", "base")
	// The change: a second prompt with the same mistake, on its own lines.
	if err := os.WriteFile(filepath.Join(dir, ".github/prompts/triage.prompt.md"),
		[]byte("---\ndescription: Triage\nmode: agent\n---\nTriage the issues.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := run(t, dir, "review", "--base", "HEAD", "--format", "json", "--suggest")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		Post     bool
		Body     string
		Comments []struct {
			Path string
			Line int
			Body string
		}
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("%v:\n%s", err, stdout)
	}
	if !got.Post || len(got.Comments) != 1 {
		t.Fatalf("want one inline comment, got %+v", got)
	}
	c := got.Comments[0]
	if c.Path != ".github/prompts/triage.prompt.md" || c.Line != 3 || !strings.Contains(c.Body, "PF105") || !strings.Contains(c.Body, "```suggestion\nagent: agent\n```") {
		t.Errorf("comment %+v", c)
	}
	if strings.Contains(stdout, "summary.prompt.md") {
		t.Errorf("the finding that was there at the base is in the review:\n%s", stdout)
	}
	code, md, stderr := run(t, dir, "review", "--base", "HEAD")
	if code != 0 || !strings.Contains(md, "# Review body") || !strings.Contains(md, "## .github/prompts/triage.prompt.md:3") || strings.Contains(md, "```suggestion") {
		t.Errorf("markdown (exit %d, %s):\n%s", code, stderr, md)
	}
	if code, _, stderr := run(t, dir, "review"); code != exitUsage || !strings.Contains(stderr, "--base REV") {
		t.Errorf("without --base: exit %d, %s", code, stderr)
	}
}

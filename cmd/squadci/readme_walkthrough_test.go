package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/internal/testtool"
)

// walkthroughHeading is the README section whose sh blocks are run.
const walkthroughHeading = "## Connect your first endpoint\n"

// walkthroughScript joins the sh blocks of the README's walkthrough, in
// order, into one script that stops at the first failing command.
func walkthroughScript(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, "docs", "connectors.md"))
	if err != nil {
		t.Fatal(err)
	}
	start := strings.Index(string(b), "\n"+walkthroughHeading)
	if start < 0 {
		t.Fatalf("docs/connectors.md has no %q section", strings.TrimSpace(walkthroughHeading))
	}
	section := string(b)[start+1+len(walkthroughHeading):]
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	script := "set -eu\n"
	n := 0
	for _, blk := range readmeBlocks(section) {
		if blk.info == "sh" {
			script += blk.body
			n++
		}
	}
	if n < 3 {
		t.Fatalf("the walkthrough has %d sh blocks; want the new, dispatch and outputs ones", n)
	}
	return script
}

// TestReadmeWalkthrough runs the README's "Connect your first endpoint"
// shell blocks in a fresh repository with the squadci built by the test on
// PATH: both tasks end completed with their transport receipts in place.
func TestReadmeWalkthrough(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	sh := testtool.LookPath(t, "sh", "apt-get install dash")
	script := walkthroughScript(t)
	dir := freshRepo(t)
	cmd := exec.Command(sh, "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), starterEnv(t)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the walkthrough failed: %v\n%s\n--- script ---\n%s", err, out, script)
	}
	if n := strings.Count(string(out), "# "+connector.ReceiptTitle); n != 2 {
		t.Errorf("the walkthrough shows %d receipts; want 2:\n%s", n, out)
	}
	tasks := status(t, dir, "--all")
	if len(tasks) != 2 {
		t.Fatalf("status after the walkthrough: %+v", tasks)
	}
	for _, task := range tasks {
		if task.Status != connector.StatusCompleted {
			t.Errorf("task %s: status %s; want completed", task.TaskID, task.Status)
		}
	}
	// Each result names its receipt, which is in place.
	results, _ := filepath.Glob(filepath.Join(dir, ".connector-drops", "*", "*.result.json"))
	if len(results) != 2 {
		t.Fatalf("results after the walkthrough: %v", results)
	}
	for _, p := range results {
		src, _ := os.ReadFile(p)
		res, _ := connector.ParseResult(p, src)
		if res == nil || len(res.Artifacts) != 1 || !strings.HasSuffix(res.Artifacts[0].Path, res.TaskID+".receipt.md") {
			t.Errorf("%s does not name its receipt: %+v", p, res)
			continue
		}
		if body, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(res.Artifacts[0].Path))); err != nil || !strings.Contains(string(body), connector.ReceiptTitle) {
			t.Errorf("the receipt of %s: %v", res.TaskID, err)
		}
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// TestCommitPushScript runs scripts/commit-push.sh, the reusable workflow's
// commit step, after a nightly run whose push is rejected because another
// commit reached the branch meanwhile: a commit that touches other files is
// rebased over and the run's commit is pushed once on top of it; a commit
// that wrote the task's own state makes the rebase conflict, and the script
// fails loudly and pushes nothing.
func TestCommitPushScript(t *testing.T) {
	t.Parallel() // a long scenario that mostly waits on processes: beside the others
	testtool.LookPath(t, "git", "apt-get install git")
	bash := testtool.LookPath(t, "bash", "apt-get install bash")
	actionStep, _ := nightlySteps(t)
	binDirs := buildWithAction(t, bash)
	script, err := filepath.Abs(filepath.Join(repoRoot, "scripts", "commit-push.sh"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name     string
		upstream func(id string) string // the path another clone commits
		wantCode int
		wantOut  string
	}{
		{"other files: rebase and push", func(string) string { return "docs/unrelated.md" }, 0, "rebasing onto origin/main"},
		{"the task's state: conflict", func(id string) string { return taskMailbox + ".squad-connector/" + id + ".state.json" }, 1, "::error::rebasing"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			n := newNightlyRepo(t, binDirs)
			id := n.dispatch(t, "reports/research/")
			if got := n.runAction(t, actionStep)["completed"]; got != "1" {
				t.Fatalf("the action completed %q tasks, want 1", got)
			}
			other := filepath.Join(t.TempDir(), "other")
			n.run(t, n.bare, "git", "clone", "-q", n.bare, other)
			path := tc.upstream(id)
			writeFile(t, other, path, "{\"written\": \"upstream\"}\n")
			n.run(t, other, "git", "add", "--", path)
			n.run(t, other, "git", "commit", "-q", "-m", "upstream")
			n.run(t, other, "git", "push", "-q")
			upstream := n.bareGit(t, "rev-parse", "HEAD")

			out, code := runScript(t, bash, "bash "+script+" \"squad connector: run\" 3\n", n.work, n.env)
			if code != tc.wantCode || !strings.Contains(out, tc.wantOut) {
				t.Fatalf("commit-push.sh: exit %d, want %d and %q\n%s", code, tc.wantCode, tc.wantOut, out)
			}
			log := n.bareGit(t, "log", "--format=%s", "main")
			if tc.wantCode != 0 {
				if n.bareGit(t, "rev-parse", "HEAD") != upstream {
					t.Errorf("a failed rebase pushed something:\n%s", log)
				}
				if _, err := os.Stat(filepath.Join(n.work, ".git", "rebase-merge")); err == nil {
					t.Error("the failed rebase was left in progress")
				}
				return
			}
			if !strings.HasPrefix(log, "squad connector: run\nupstream\n") {
				t.Errorf("origin's log, want the run's one commit over upstream's:\n%s", log)
			}
			state := taskMailbox + ".squad-connector/" + id + ".state.json"
			if got := n.bareGit(t, "show", "HEAD:"+state); !strings.Contains(got, `"status": "completed"`) {
				t.Errorf("the pushed state is not completed:\n%s", got)
			}
		})
	}
}

// TestShardSummaryScript runs scripts/shard-summary.sh on shard directories
// laid out as the download step leaves them and a resume report: one row per
// shard in shard order (2 before 10), the tasks each brought a claim or
// result for counted by their resumed status, and the rest under "no shard".
func TestShardSummaryScript(t *testing.T) {
	bash := testtool.LookPath(t, "bash", "apt-get install bash")
	testtool.LookPath(t, "jq", "apt-get install jq")
	dir := t.TempDir()
	shards := filepath.Join(dir, "shards")
	mb := ".connector-drops/acme/"
	for _, f := range []string{
		"squad-connector-shard-2-of-10/" + mb + "t-a.claim.json",
		"squad-connector-shard-2-of-10/" + mb + "t-a.result.json",
		"squad-connector-shard-2-of-10/reports/t-a.md",
		"squad-connector-shard-10-of-10/" + mb + "t-b.claim.json",
		"squad-connector-shard-10-of-10/" + mb + "t-c.claim.json",
	} {
		writeFile(t, shards, f, "{}\n")
	}
	report := `{"version":1,"mode":"resume","resume":{"tasks":[` +
		`{"taskId":"t-a","status":"completed"},{"taskId":"t-b","status":"failed"},` +
		`{"taskId":"t-c","status":"retrying"},{"taskId":"t-d","status":"awaiting"}]}}`
	writeFile(t, dir, "report.json", report)
	script, err := filepath.Abs(filepath.Join(repoRoot, "scripts", "shard-summary.sh"))
	if err != nil {
		t.Fatal(err)
	}
	out, code := runScript(t, bash, "bash "+script+" shards report.json\n", dir, os.Environ())
	if code != 0 {
		t.Fatalf("shard-summary.sh: exit %d\n%s", code, out)
	}
	want := []string{
		"| shard | tasks | completed | failed | unreachable | awaiting | other |",
		"| 2/10 | 1 | 1 | 0 | 0 | 0 | 0 |",
		"| 10/10 | 2 | 0 | 1 | 0 | 0 | 1 |",
		"| no shard | 1 | 0 | 0 | 0 | 1 | 0 |",
	}
	at := 0
	for _, w := range want {
		i := strings.Index(out[at:], w+"\n")
		if i < 0 {
			t.Fatalf("summary lacks %q after offset %d:\n%s", w, at, out)
		}
		at += i
	}
}

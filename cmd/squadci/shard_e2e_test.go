package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/internal/testtool"
)

// TestShardedPollMatchesOnePoll is issue 16's end-to-end check: one
// repository with 200 pending tasks across 3 connectors is cloned 4 times;
// `poll --shard i/4` runs in every clone at once with an adapter that logs
// each run; the created files are merged into the origin with `connector
// merge`; `resume` there completes every task. Every task's adapter ran
// exactly once over all shards, and the final tree, timestamps aside,
// equals what one `poll` + `resume` makes of another clone.
func TestShardedPollMatchesOnePoll(t *testing.T) {
	t.Parallel() // a long scenario that mostly waits on processes: beside the others
	if testing.Short() {
		t.Skip("200 adapter runs")
	}
	testtool.LookPath(t, "git", "apt-get install git")
	bin := squadciBinary(t)
	origin := shardOrigin(t, 200)
	work := t.TempDir()
	clone := func(name string) string {
		dir := filepath.Join(work, name)
		mustGit(t, work, "clone", "-q", origin, dir)
		return dir
	}

	shardLog := filepath.Join(work, "shard-runs.log")
	const n = 4
	var wg sync.WaitGroup
	outs := make([]string, n)
	errs := make([]error, n)
	for i := range n {
		dir := clone(fmt.Sprintf("shard%d", i+1))
		outs[i] = dir
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = runBinary(bin, dir, shardLog, "poll", "--shard", fmt.Sprintf("%d/%d", i+1, n), "--list-created", "created.txt")
		}()
	}
	wg.Wait()
	var mergeArgs []string
	for i, dir := range outs {
		if errs[i] != nil {
			t.Fatalf("poll --shard %d/%d: %v", i+1, n, errs[i])
		}
		mergeArgs = append(mergeArgs, collectCreated(t, dir, filepath.Join(work, fmt.Sprintf("out%d", i+1))))
	}
	if err := runBinary(bin, origin, shardLog, append([]string{"connector", "merge"}, mergeArgs...)...); err != nil {
		t.Fatalf("merge: %v", err)
	}
	if err := runBinary(bin, origin, shardLog, "resume"); err != nil {
		t.Fatalf("resume after the merge: %v", err)
	}
	runsOnce(t, shardLog, 200)

	single := clone("single")
	singleLog := filepath.Join(work, "single-runs.log")
	for _, args := range [][]string{{"poll"}, {"resume"}} {
		if err := runBinary(bin, single, singleLog, args...); err != nil {
			t.Fatalf("%s in the single clone: %v", args[0], err)
		}
	}
	runsOnce(t, singleLog, 200)
	completed(t, bin, origin, 200)
	got, want := normalisedTree(t, origin), normalisedTree(t, single)
	for p, w := range want {
		if g, ok := got[p]; !ok {
			t.Errorf("the sharded tree lacks %s", p)
		} else if g != w {
			t.Errorf("%s differs:\nsharded: %s\nsingle:  %s", p, g, w)
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			t.Errorf("the sharded tree has %s, the single one does not", p)
		}
	}
}

// shardOrigin is a committed repository with tasks pending across three
// 1.0 agent connectors whose starter adapters first log the task id to
// $RUNLOG (passed to them by adapters.<id>.env).
func shardOrigin(t *testing.T, tasks int) string {
	t.Helper()
	dir := freshRepo(t)
	ids := []string{"acme-alpha-agent", "acme-beta-agent", "acme-gamma-agent"}
	var config strings.Builder
	config.WriteString("version: 1\nadapters:\n")
	for _, id := range ids {
		if code, out, stderr := run(t, dir, "connector", "new", "--id", id, "--role", "researcher", "--capability", "Researches.",
			"--contact", "a@example.com", "--schema-version", "1.0"); code != exitOK {
			t.Fatalf("new %s: %s%s", id, out, stderr)
		}
		script := filepath.Join(dir, "scripts", id+"-adapter")
		src, err := os.ReadFile(script)
		if err != nil {
			t.Fatal(err)
		}
		first, rest, _ := strings.Cut(string(src), "\n")
		logged := first + "\nprintf '%s\\n' \"$SQUADCI_TASK_ID\" >> \"$RUNLOG\"\n" + rest
		if err := os.WriteFile(script, []byte(logged), 0o755); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&config, "  %s:\n    command: [sh, scripts/%s-adapter]\n    timeout: 2m\n    env: [RUNLOG]\n", id, id)
	}
	writeFile(t, dir, ".squadci.yml", config.String())
	for i := range tasks {
		id := ids[i%len(ids)]
		dispatch(t, dir, "--connector", id, "--role", "researcher", "--task", fmt.Sprintf("Research question %d.", i),
			"--deliverable-root", "reports/"+id+"/")
	}
	mustGit(t, dir, "add", "-A")
	mustGit(t, dir, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "pending tasks")
	return dir
}

// runBinary runs squadci in dir with the squadci binary first on PATH (the
// starter adapters call it) and RUNLOG set.
func runBinary(bin, dir, runlog string, args ...string) error {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"), "RUNLOG="+runlog)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%v\n%s", err, out.String())
	}
	return nil
}

// collectCreated copies the files a shard's --list-created names into out,
// laid out like the repository, by running the reusable workflow's collect
// step as written.
func collectCreated(t *testing.T, dir, out string) string {
	t.Helper()
	got, code, log := runCollect(t, collectStep(t), dir, filepath.Join(dir, "created.txt"))
	if code != 0 {
		t.Fatalf("collect step: exit %d\n%s", code, log)
	}
	if err := os.Rename(got, out); err != nil {
		t.Fatal(err)
	}
	return out
}

// runsOnce checks that the log names n distinct tasks, each once.
func runsOnce(t *testing.T, log string, n int) {
	t.Helper()
	src, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, id := range strings.Fields(string(src)) {
		seen[id]++
	}
	var twice []string
	for id, k := range seen {
		if k != 1 {
			twice = append(twice, fmt.Sprintf("%s×%d", id, k))
		}
	}
	sort.Strings(twice)
	if len(seen) != n || len(twice) > 0 {
		t.Errorf("%s: %d tasks ran, want %d; more than once: %v", filepath.Base(log), len(seen), n, twice)
	}
}

func completed(t *testing.T, bin, dir string, n int) {
	t.Helper()
	cmd := exec.Command(bin, "connector", "status", "--all", "--format", "json")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("status: %v", err)
	}
	var doc struct {
		Tasks []struct{ TaskID, Status string }
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatalf("status json: %v\n%s", err, out)
	}
	done := 0
	for _, task := range doc.Tasks {
		if task.Status == connector.StatusCompleted {
			done++
		}
	}
	if done != n {
		t.Errorf("%d of %d tasks completed after the sharded poll, merge and resume", done, len(doc.Tasks))
	}
}

var (
	timestampRE = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)`)
	// What differs between two runs of the same work: when, where and as
	// which process it ran, how long it took, and the state's hash of a
	// result that holds its own completion time.
	runFieldRE = regexp.MustCompile(`"(pid|pgid|host|hostname|durationMs|duration|elapsed|resultSha256)":\s*("[^"]*"|[0-9.]+)`)
)

// normalisedTree maps every file of dir but .git and the merge/list
// scaffolding to its text with timestamps and run details blanked.
func normalisedTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		if rel == "created.txt" {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		s := timestampRE.ReplaceAllString(string(src), "<time>")
		out[rel] = runFieldRE.ReplaceAllString(s, `"$1": <run>`)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

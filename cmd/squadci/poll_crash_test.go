//go:build unix

package main

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/squadci/squadci/connector"
)

// killedAdapter is flakyAdapter's success path, slowed down so that a kill
// finds runs in flight; for a task whose number is a multiple of 5 its
// first run kills itself (SIGKILL) halfway, after its artifact and before
// its result.
const killedAdapter = `#!/bin/sh
set -eu
req="$1"
n=${SQUADCI_TASK_ID#t-}
sleep 0.02
mkdir -p "$SQUADCI_DELIVERABLE_ROOT" killed-once
printf 'ARTIFACT-CONTENT %s\n' "$SQUADCI_TASK_ID" > "$SQUADCI_DELIVERABLE_ROOT$SQUADCI_TASK_ID.md"
if [ $((1$n % 5)) -eq 0 ] && [ ! -e "killed-once/$SQUADCI_TASK_ID" ]; then
  : > "killed-once/$SQUADCI_TASK_ID"
  kill -KILL $$
fi
` + publishAndLog

// TestPollSurvivesKills kills `squadci poll` over 300 tasks with SIGKILL at
// random moments, 15 times, while a fifth of the adapters kill themselves
// on their first run; then it alternates resume and poll until nothing is
// left. No run is lost — every task ends completed — and none succeeds
// twice: a run killed with its poller is retried once its timeout (1s)
// has passed, one that died on its own by the next poll, and a run whose
// result is on disk is never repeated. No lock or temporary file is left.
func TestPollSurvivesKills(t *testing.T) {
	t.Parallel() // a long scenario that mostly waits on processes: beside the others
	if testing.Short() {
		t.Skip("kills poll 15 times over 300 tasks")
	}
	bin := squadciBinary(t)
	root := t.TempDir()
	tasks := writeTasks(t, root, 300, func(int) taskKind { return kindWaiting })
	writeFile(t, root, "adapter.sh", killedAdapter)
	writeFile(t, root, ".squadci.yml", "version: 1\nadapters:\n  acme-research-agent:\n    command: [\"sh\", \"adapter.sh\"]\n    timeout: 1s\n")
	rng := rand.New(rand.NewPCG(3, 4))
	scheduled := func(args ...string) *exec.Cmd {
		cmd := exec.Command(bin, args...)
		cmd.Dir = root
		cmd.Env = []string{"PATH=" + os.Getenv("PATH")}
		return cmd
	}
	killedMidRun := 0
	for range 15 {
		cmd := scheduled("poll", "--jobs", "8")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(10+rng.IntN(150)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			killedMidRun++
		}
	}
	t.Logf("%d of 15 polls were killed before they finished; %d tasks have a result", killedMidRun, countResults(t, root))
	// The killed polls' runs may be retried once their 1s timeout has
	// passed; a lock a killed poll left empty is judged after 2s.
	time.Sleep(2100 * time.Millisecond)
	for round := 0; round < 4 && awaiting(t, root, tasks) > 0; round++ {
		for _, args := range [][]string{{"resume", "--lock-timeout", "0s"}, {"poll"}, {"resume"}} {
			cmd := scheduled(args...)
			out, err := cmd.CombinedOutput()
			if err != nil && !(args[0] == "poll" && cmd.ProcessState.ExitCode() == exitFindings) {
				t.Fatalf("%v: %v\n%s", args, err, out)
			}
		}
	}
	successes := logCounts(t, root, "adapter-successes.log")
	retried := 0
	for i := range tasks {
		g := &tasks[i]
		if successes[g.id] > 1 {
			t.Errorf("%s: adapter succeeded %d times", g.id, successes[g.id])
		}
		var c connector.Claim
		src, _ := os.ReadFile(filepath.Join(root, filepath.FromSlash(taskMailbox+g.id+".claim.json")))
		if err := json.Unmarshal(src, &c); err != nil {
			t.Errorf("%s: claim: %v", g.id, err)
		}
		if c.Attempt > 1 {
			retried++
		}
		if _, err := os.Stat(filepath.Join(root, "killed-once", g.id)); err == nil && c.Attempt < 2 {
			t.Errorf("%s: its adapter was killed, and its claim is %+v", g.id, c)
		}
		g.kind = kindGood
	}
	t.Logf("%d tasks were retried", retried)
	checkFinalStates(t, root, tasks)
}

func countResults(t *testing.T, root string) int {
	entries, err := os.ReadDir(filepath.Join(root, filepath.FromSlash(taskMailbox)))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".result.json") {
			n++
		}
	}
	return n
}

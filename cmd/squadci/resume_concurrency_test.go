//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/squadci/squadci/connector"
)

// flakyAdapter is researchAdapter, but for a task whose number is a
// multiple of 3 its first run fails (exit 1, nothing written). It logs
// each failure to adapter-failures.log and each success, after the result
// is published, to adapter-successes.log (O_APPEND).
const flakyAdapter = `#!/bin/sh
set -eu
req="$1"
n=${SQUADCI_TASK_ID#t-}
mkdir -p failed-once
if [ $((1$n % 3)) -eq 1 ] && [ ! -e "failed-once/$SQUADCI_TASK_ID" ]; then
  : > "failed-once/$SQUADCI_TASK_ID"
  echo "$SQUADCI_TASK_ID" >> adapter-failures.log
  exit 1
fi
mkdir -p "$SQUADCI_DELIVERABLE_ROOT"
printf 'ARTIFACT-CONTENT %s\n' "$SQUADCI_TASK_ID" > "$SQUADCI_DELIVERABLE_ROOT$SQUADCI_TASK_ID.md"
` + publishAndLog

// publishAndLog ends a test adapter: publish a valid result atomically,
// then log the success to adapter-successes.log (O_APPEND).
const publishAndLog = `box=$(dirname "$req")
cat > "$box/.$SQUADCI_TASK_ID.result.tmp" <<EOF
{"schemaVersion": "1.1", "connectorId": "acme-research-agent", "taskId": "$SQUADCI_TASK_ID", "role": "researcher",
 "bindingId": "research-agent", "status": "completed", "narrative": "Wrote a cited note.",
 "artifacts": [{"path": "$SQUADCI_DELIVERABLE_ROOT$SQUADCI_TASK_ID.md"}], "completedAt": "2026-03-02T10:00:00Z"}
EOF
mv "$box/.$SQUADCI_TASK_ID.result.tmp" "$box/$SQUADCI_TASK_ID.result.json"
echo "$SQUADCI_TASK_ID" >> adapter-successes.log
`

// logCounts counts the task ids of an O_APPEND log.
func logCounts(t *testing.T, root, name string) map[string]int {
	t.Helper()
	data, _ := os.ReadFile(filepath.Join(root, name))
	n := map[string]int{}
	for _, id := range strings.Fields(string(data)) {
		n[id]++
	}
	return n
}

// awaiting counts the tasks whose state is still awaiting.
func awaiting(t *testing.T, root string, tasks []genTask) int {
	n := 0
	for _, g := range tasks {
		src, _ := os.ReadFile(filepath.Join(root, filepath.FromSlash(g.statePath())))
		if st, _ := connector.ParseState(g.statePath(), src); st == nil || st.Status == connector.StatusAwaiting {
			n++
		}
	}
	return n
}

type proc struct {
	cmd         *exec.Cmd
	out, stderr bytes.Buffer
}

// runConcurrently starts 4 pollers and 4 resumes at once and waits for
// them; a poll may exit 1 (an adapter failed in its pass).
func runConcurrently(t *testing.T, bin, root string) []*proc {
	var procs []*proc
	for i := range 8 {
		args := []string{"poll", "--once"}
		if i%2 == 1 {
			args = []string{"resume", "--format", "json"}
		}
		p := &proc{cmd: exec.Command(bin, args...)}
		p.cmd.Dir = root
		p.cmd.Env = []string{"PATH=" + os.Getenv("PATH")}
		p.cmd.Stdout, p.cmd.Stderr = &p.out, &p.stderr
		procs = append(procs, p)
	}
	var wg sync.WaitGroup
	for _, p := range procs {
		wg.Go(func() {
			err := p.cmd.Run()
			if err != nil && !(p.cmd.Args[1] == "poll" && p.cmd.ProcessState.ExitCode() == exitFindings) {
				t.Errorf("%v: %v\n%s", p.cmd.Args, err, p.stderr.String())
			}
		})
	}
	wg.Wait()
	return procs
}

// TestConcurrentPollAndResume runs 4 pollers and 4 resumes at once over
// 500 awaiting tasks, twice, then one more resume. A third of the tasks'
// adapters fail on their first run; the second round retries them. Every
// task's adapter succeeds exactly once, the failing ones fail exactly once,
// every task transitions exactly once across all the resumes, and every
// task ends completed, its result consumed, no lock left.
func TestConcurrentPollAndResume(t *testing.T) {
	t.Parallel() // a long scenario that mostly waits on processes: beside the others
	if testing.Short() {
		t.Skip("8 processes over 500 tasks, twice")
	}
	bin := squadciBinary(t)
	root := t.TempDir()
	tasks := writeTasks(t, root, 500, func(int) taskKind { return kindWaiting })
	writeFile(t, root, "adapter.sh", flakyAdapter)
	writeFile(t, root, ".squadci.yml", adapterConfig(""))

	var resumeOutputs []string
	// Two rounds: the first runs every task, the second retries the failed
	// ones. A task whose lock stayed busy for every poller of a round (a
	// rare, legitimate skip) gets up to two rounds more.
	for round := 0; round < 2 || round < 4 && awaiting(t, root, tasks) > 0; round++ {
		for _, p := range runConcurrently(t, bin, root) {
			if p.cmd.Args[1] == "resume" {
				resumeOutputs = append(resumeOutputs, p.out.String())
			}
		}
	}
	final := exec.Command(bin, "resume", "--format", "json")
	final.Dir = root
	finalOut, err := final.Output()
	if err != nil {
		t.Fatalf("final resume: %v", err)
	}
	resumeOutputs = append(resumeOutputs, string(finalOut))

	successes, failures := logCounts(t, root, "adapter-successes.log"), logCounts(t, root, "adapter-failures.log")
	transitions := map[string]int{}
	for _, out := range resumeOutputs {
		for _, task := range parseResume(t, out).Tasks {
			if task.Transition {
				transitions[task.TaskID]++
			}
		}
	}
	for i := range tasks {
		g := &tasks[i]
		wantFailures := 0
		if i%3 == 0 {
			wantFailures = 1
		}
		if successes[g.id] != 1 || failures[g.id] != wantFailures {
			t.Errorf("%s: adapter succeeded %d times and failed %d times, want 1 and %d", g.id, successes[g.id], failures[g.id], wantFailures)
		}
		if transitions[g.id] != 1 {
			t.Errorf("%s: %d transitions", g.id, transitions[g.id])
		}
		g.kind = kindGood // the adapter wrote a valid result for every task
	}
	if len(successes) != len(tasks) {
		t.Errorf("adapter succeeded for %d task ids, want %d", len(successes), len(tasks))
	}
	checkFinalStates(t, root, tasks)
}

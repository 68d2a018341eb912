//go:build unix

package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/squadci/squadci/connector"
)

// TestResumeSurvivesKills kills `squadci resume` over 1,000 tasks with
// SIGKILL at random moments, 20 times, then runs it to completion: after
// every kill each state file parses (writes are atomic); at the end every
// task holds the one final state its files call for, every result is
// consumed by its exact hash, nothing is consumed twice (the last run
// transitions only tasks that were still awaiting), and no lock or
// temporary file is left (killed holders' locks are broken: their pids are
// gone).
func TestResumeSurvivesKills(t *testing.T) {
	t.Parallel() // a long scenario that mostly waits on processes: beside the others
	if testing.Short() {
		t.Skip("kills resume 20 times over 1,000 tasks")
	}
	bin := squadciBinary(t)
	root := t.TempDir()
	tasks := writeTasks(t, root, 1000, func(i int) taskKind { return taskKind(i % 3) })
	rng := rand.New(rand.NewPCG(1, 2))
	killedMidRun := 0
	for round := range 20 {
		cmd := exec.Command(bin, "resume", "--lock-timeout", "0s", "--format", "json")
		cmd.Dir = root
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(10+rng.IntN(200)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			killedMidRun++
		}
		for _, g := range tasks {
			src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(g.statePath())))
			if err != nil {
				t.Fatalf("round %d: %s: %v", round, g.id, err)
			}
			if st, ds := connector.ParseState(g.statePath(), src); st == nil || len(ds) > 0 {
				t.Fatalf("round %d: %s: a torn state: %v\n%s", round, g.id, ds, src)
			}
		}
	}
	t.Logf("%d of 20 runs were killed before they finished", killedMidRun)
	// A run killed between creating a lock and writing it leaves it empty;
	// such a lock is judged by its age once its writer's grace (2 s) is over.
	time.Sleep(2100 * time.Millisecond)

	finishedBefore := map[string]bool{}
	for _, g := range tasks {
		src, _ := os.ReadFile(filepath.Join(root, filepath.FromSlash(g.statePath())))
		st, _ := connector.ParseState(g.statePath(), src)
		finishedBefore[g.id] = st.Status != connector.StatusAwaiting
	}
	t.Logf("%d of %d tasks were finished by the killed runs", countTrue(finishedBefore), len(tasks))
	cmd := exec.Command(bin, "resume", "--lock-timeout", "0s", "--format", "json")
	cmd.Dir = root
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("final run: %v\n%s", err, stderr.String())
	}
	for _, task := range parseResume(t, out.String()).Tasks {
		if task.Transition && finishedBefore[task.TaskID] {
			t.Errorf("%s was finished before the last run and transitioned again: %+v", task.TaskID, task)
		}
	}
	checkFinalStates(t, root, tasks)
	// And one more run finds nothing to do.
	cmd = exec.Command(bin, "resume", "--format", "json")
	cmd.Dir = root
	out.Reset()
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	if rep := parseResume(t, out.String()); len(rep.Tasks) != 0 {
		t.Errorf("a run after completion reported %d tasks", len(rep.Tasks))
	}
}

func countTrue(m map[string]bool) int {
	n := 0
	for _, v := range m {
		if v {
			n++
		}
	}
	return n
}

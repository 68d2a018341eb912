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
)

// TestConcurrentPollAndResume runs 4 pollers and 4 resumes at once over
// 500 awaiting tasks, then one more resume: every adapter runs exactly once
// per task (it appends its taskId to a log with O_APPEND), every task
// transitions exactly once across all the resumes, and every task ends
// completed, its result consumed, no lock left.
func TestConcurrentPollAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("8 processes over 500 tasks")
	}
	bin := squadciBinary(t)
	root := t.TempDir()
	tasks := writeTasks(t, root, 500, func(int) taskKind { return kindWaiting })
	writeFile(t, root, "adapter.sh", researchAdapter)
	writeFile(t, root, ".squadci.yml", adapterConfig(""))

	type proc struct {
		cmd         *exec.Cmd
		out, stderr bytes.Buffer
	}
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
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := p.cmd.Run(); err != nil {
				t.Errorf("%v: %v\n%s", p.cmd.Args, err, p.stderr.String())
			}
		}()
	}
	wg.Wait()
	final := exec.Command(bin, "resume", "--format", "json")
	final.Dir = root
	finalOut, err := final.Output()
	if err != nil {
		t.Fatalf("final resume: %v", err)
	}

	calls, _ := os.ReadFile(filepath.Join(root, "adapter-calls.log"))
	runs := map[string]int{}
	for _, id := range strings.Fields(string(calls)) {
		runs[id]++
	}
	transitions := map[string]int{}
	outputs := []string{string(finalOut)}
	for _, p := range procs {
		if p.cmd.Args[1] == "resume" {
			outputs = append(outputs, p.out.String())
		}
	}
	for _, out := range outputs {
		for _, task := range parseResume(t, out).Tasks {
			if task.Transition {
				transitions[task.TaskID]++
			}
		}
	}
	for i := range tasks {
		g := &tasks[i]
		if runs[g.id] != 1 {
			t.Errorf("%s: adapter ran %d times", g.id, runs[g.id])
		}
		if transitions[g.id] != 1 {
			t.Errorf("%s: %d transitions", g.id, transitions[g.id])
		}
		g.kind = kindGood // the adapter wrote a valid result for every task
	}
	if len(runs) != len(tasks) {
		t.Errorf("adapter ran for %d task ids, want %d", len(runs), len(tasks))
	}
	checkFinalStates(t, root, tasks)
}

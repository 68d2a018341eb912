//go:build unix

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestPollShardMeasure reports, with SQUADCI_MEASURE=1, the wall time and
// adapter runs of one poll over 1,000 tasks with a 50 ms adapter, one
// shard against four shards run at once in four clones of one checkout.
// It measures; it asserts only that each task ran exactly once.
func TestPollShardMeasure(t *testing.T) {
	if os.Getenv("SQUADCI_MEASURE") == "" {
		t.Skip("set SQUADCI_MEASURE=1 to measure sharded polling")
	}
	const n = 1000
	bin := squadciBinary(t)
	base := t.TempDir()
	writeTasks(t, base, n, func(int) taskKind { return kindWaiting })
	writeFile(t, base, ".squadci.yml", "version: 1\nadapters:\n  acme-research-agent:\n    command: [\"sh\", \"adapter.sh\"]\n    timeout: 1m\n")
	for _, shards := range []int{1, 4} {
		log := filepath.Join(t.TempDir(), "runs.log")
		writeFile(t, base, "adapter.sh", "#!/bin/sh\necho \"$SQUADCI_TASK_ID\" >> '"+log+"'\nsleep 0.05\n")
		clones := make([]string, shards)
		for i := range clones {
			clones[i] = cloneDir(t, base)
		}
		start := time.Now()
		var wg sync.WaitGroup
		for i, dir := range clones {
			wg.Add(1)
			go func() {
				defer wg.Done()
				cmd := exec.Command(bin, "poll", "--shard", fmt.Sprintf("%d/%d", i+1, shards), "--list-created", filepath.Join(dir, "..", "created.txt"))
				cmd.Dir = dir
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				if err := cmd.Run(); err != nil {
					t.Errorf("shard %d/%d: %v\n%s", i+1, shards, err, stderr.String())
				}
			}()
		}
		wg.Wait()
		wall := time.Since(start)
		data, err := os.ReadFile(log)
		if err != nil {
			t.Fatal(err)
		}
		runs := strings.Fields(string(data))
		seen := map[string]bool{}
		for _, id := range runs {
			if seen[id] {
				t.Errorf("%d shards: task %s ran twice", shards, id)
			}
			seen[id] = true
		}
		if len(seen) != n {
			t.Errorf("%d shards: %d distinct tasks ran; want %d", shards, len(seen), n)
		}
		t.Logf("%d shard(s), %d tasks, 50 ms adapter, 4 workers each: wall %s, %d adapter runs", shards, n, wall.Round(time.Millisecond), len(runs))
	}
}

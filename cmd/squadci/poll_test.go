//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// poll --interval passes again and again until SIGTERM, then exits 0; each
// pass prints one JSON document.
func TestPollIntervalStopsOnSignal(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary for a second")
	}
	bin := squadciBinary(t)
	root := t.TempDir()
	writeTasks(t, root, 3, func(int) taskKind { return kindWaiting })
	cmd := exec.Command(bin, "poll", "--interval", "100ms", "--format", "json")
	cmd.Dir = root
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(700 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("exit: %v\n%s", err, stderr.String())
	}
	dec := json.NewDecoder(&out)
	passes := 0
	for {
		var doc pollDocument
		if err := dec.Decode(&doc); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if len(doc.Tasks) != 3 || doc.Tasks[0].Action != "pending" {
			t.Errorf("pass %d: %+v", passes, doc.Tasks)
		}
		passes++
	}
	if passes < 2 || strings.Count(stderr.String(), "squadci: poll:") != passes {
		t.Errorf("%d passes; stderr %s", passes, stderr.String())
	}
}

//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A resume killed (SIGKILL) while its notification request is on the wire
// has already recorded the task's transition with the notification owed,
// in one atomic write: the state owes it (no failed attempt: nothing is
// known to have failed), lints clean, and the next resume breaks the dead
// run's task lock, sends it and clears the record. Before, the state said completed and owed nothing
// until a send failed, so the kill lost the notification.
func TestKilledSendStaysOwed(t *testing.T) {
	bin := squadciBinary(t)
	dir := newRepo(t)
	writeFile(t, dir, ".squadci.yml", "version: 1\nnotify:\n  dispatch: true\n  comment: 7\n")
	api, url := newGate(t)
	task := expiredTask(t, dir)
	cmd := exec.Command(bin, "resume", "--format", "json")
	cmd.Dir = dir
	cmd.Env = append(gateEnv(url), "PATH=/usr/bin:/bin")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-api.arrived: // the dispatch request is in the API's hands
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("no request reached the API\n%s", stderr.String())
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
		t.Fatalf("resume was not killed: %v\n%s", cmd.ProcessState, stderr.String())
	}
	rec := stateNotification(t, dir, task.State)
	if rec == nil || strings.Join(rec.Owed, ",") != "dispatch,comment" || rec.Attempts != 0 || rec.GaveUp {
		t.Fatalf("after a kill mid-send the state records %+v", rec)
	}
	if code, out, _ := run(t, dir, "lint"); code != exitOK {
		t.Errorf("a state owing a notification not yet tried lints clean: exit %d\n%s", code, out)
	}
	calls, _ := api.answer(0)
	if calls[dispatchPath] != 1 || calls[commentPath] != 0 {
		t.Errorf("the killed run made %v", calls)
	}
	// The killed run held the task's lock while sending; its pid is gone,
	// so a resume breaks it once older than --lock-timeout.
	code, stdout, stderr2 := runEnv(t, dir, gateEnv(url), "resume", "--format", "json", "--lock-timeout", "0s")
	var next struct {
		Locks         []struct{ Path, Action string }
		Notifications notifyOutcome
	}
	if err := json.Unmarshal([]byte(stdout), &next); code != exitOK || err != nil {
		t.Fatalf("the next resume: exit %d, %v\n%s%s", code, err, stdout, stderr2)
	}
	out := next.Notifications
	if len(next.Locks) != 1 || next.Locks[0].Action != "broken" || !strings.HasSuffix(next.Locks[0].Path, task.TaskID+".lock") {
		t.Errorf("the dead run's lock is not reported broken: %+v", next.Locks)
	}
	calls, _ = api.answer(0)
	// At least once: the dispatch the killed run made may have been
	// delivered, and is sent again.
	if out.Sent != 1 || len(out.Retried) != 1 || calls[dispatchPath] != 1 || calls[commentPath] != 1 {
		t.Errorf("the next resume: %+v, calls %v\n%s", out, calls, stderr2)
	}
	if rec := stateNotification(t, dir, task.State); rec != nil {
		t.Errorf("a sent notification stays recorded: %+v", rec)
	}
	if out, _ := resumeNotifyArgs(t, dir, gateEnv(url)); out.Sent != 0 || len(out.Retried) != 0 {
		t.Errorf("a third resume: %+v", out)
	}
}

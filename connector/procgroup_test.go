//go:build unix

package connector

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/squadci/squadci/internal/testtool"
)

// groupScript is an adapter whose behaviour ($1) leaves processes behind:
//
//	orphan  starts a background loop appending to orphan.txt, then exits $2
//	hang    starts the same loop, then sleeps (a poll killed meanwhile)
//	daemon  starts a child that holds stdout open, writes a result, exits $2
//	escape  as daemon, but the child leaves the process group (setsid)
func groupScript(t *testing.T, root string) []string {
	t.Helper()
	testtool.LookPath(t, "sh", "apt-get install dash")
	writeRel(t, root, "group.sh", `#!/bin/sh
req="$3"
echo run >> calls.log
case "$1" in
orphan|hang)
	( while :; do echo x >> orphan.txt; sleep 0.05; done ) > /dev/null 2>&1 &
	echo $! > orphan.pid
	[ "$1" = hang ] && sleep 30
	exit "$2" ;;
daemon) sleep 30 & ;;
escape) setsid sleep 30 & ;;
esac
mkdir -p "$SQUADCI_DELIVERABLE_ROOT"
printf '# Note\n' > "$SQUADCI_DELIVERABLE_ROOT$SQUADCI_TASK_ID.md"
box=$(dirname "$req")
cat > "$box/.$SQUADCI_TASK_ID.tmp" <<EOF
{"schemaVersion": "1.1", "connectorId": "acme-research-agent", "taskId": "$SQUADCI_TASK_ID", "role": "researcher",
 "bindingId": "research-agent", "status": "completed", "narrative": "Wrote a note.",
 "artifacts": [{"path": "$SQUADCI_DELIVERABLE_ROOT$SQUADCI_TASK_ID.md"}], "completedAt": "2026-03-02T10:00:00Z"}
EOF
mv "$box/.$SQUADCI_TASK_ID.tmp" "$box/$SQUADCI_TASK_ID.result.json"
echo done
exit "$2"
`)
	return []string{"sh", "group.sh"}
}

// growing reports whether root/orphan.txt still grows.
func growing(t *testing.T, root string) bool {
	t.Helper()
	size := func() int64 {
		info, err := os.Stat(filepath.Join(root, "orphan.txt"))
		if err != nil {
			return -1
		}
		return info.Size()
	}
	before := size()
	time.Sleep(400 * time.Millisecond)
	return size() != before
}

// killOrphan stops the orphan loop, should a test leave it behind.
func killOrphan(t *testing.T, root string) {
	t.Cleanup(func() {
		if b, err := os.ReadFile(filepath.Join(root, "orphan.pid")); err == nil {
			if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && pid > 1 {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	})
}

// What an adapter started is killed with its process group once the
// adapter exits: nothing it left behind keeps writing after the poll.
func TestPollKillsTheAdapterGroupAfterItExits(t *testing.T) {
	root, ms := resumeRepo(t)
	killOrphan(t, root)
	d := dispatchAt(t, root, ms, time.Now(), 60, 2)
	adapters := map[string]Adapter{"acme-research-agent": {Command: append(groupScript(t, root), "orphan", "3"), Timeout: time.Minute}}
	o := pollOnce(t, root, ms, adapters)[d.TaskID]
	if o.Action != PollRan || o.Run.ExitCode != 3 {
		t.Fatalf("run %+v", o.Run)
	}
	if growing(t, root) {
		t.Fatal("the adapter's background child still runs after the poll returned")
	}
	if o.Run.ProcessGroup <= 0 || groupAlive(o.Run.ProcessGroup) || !strings.Contains(o.Run.Leftover, "were killed") {
		t.Errorf("process group %d: %q", o.Run.ProcessGroup, o.Run.Leftover)
	}
	if c := readClaimFile(t, root, d).claim; c.PGID != o.Run.ProcessGroup || c.Outcome != ClaimExited {
		t.Errorf("claim %+v", c)
	}
}

// A child that holds the adapter's output open neither delays the verdict
// nor changes it: the claim and the poll both say how the adapter exited,
// and the retry policy follows that one verdict.
func TestPollOneVerdictWhenADaemonHoldsTheOutput(t *testing.T) {
	for _, tc := range []struct{ behaviour, code string }{{"daemon", "0"}, {"daemon", "1"}, {"escape", "0"}} {
		t.Run(tc.behaviour+"-"+tc.code, func(t *testing.T) {
			if tc.behaviour == "escape" {
				testtool.LookPath(t, "setsid", "apt-get install util-linux")
				old := outputDrain
				outputDrain = 300 * time.Millisecond
				t.Cleanup(func() { outputDrain = old })
			}
			root, ms := resumeRepo(t)
			d := dispatchAt(t, root, ms, time.Now(), 60, 2)
			adapters := map[string]Adapter{"acme-research-agent": {Command: append(groupScript(t, root), tc.behaviour, tc.code), Timeout: time.Minute}}
			start := time.Now()
			o := pollOnce(t, root, ms, adapters)[d.TaskID]
			took := time.Since(start)
			code, _ := strconv.Atoi(tc.code)
			c := readClaimFile(t, root, d).claim
			if o.Action != PollRan || o.Run.Error != "" || o.Run.ExitCode != code || o.Run.TimedOut || o.Run.Leftover == "" {
				t.Fatalf("run %+v", o.Run)
			}
			if c.Outcome != ClaimExited || *c.ExitCode != code || !c.Result || o.Check.Status != StatusCompleted {
				t.Fatalf("claim %+v check %+v", c, o.Check)
			}
			// A run that wrote a result is never retried, whatever its exit.
			if o.Run.Failed() != (code != 0) || c.failed() || o.Next != "" {
				t.Errorf("verdicts disagree: run failed %v, claim failed %v, next %q", o.Run.Failed(), c.failed(), o.Next)
			}
			if took > 4*time.Second {
				t.Errorf("the poll waited %s for a child holding its output", took)
			}
		})
	}
}

// TestPollHelperProcess is the poll that TestPollRetriesOnlyOnceTheGroupIsGone
// kills; it runs only when that test starts it.
func TestPollHelperProcess(t *testing.T) {
	root := os.Getenv("SQUADCI_TEST_POLL_ROOT")
	if root == "" {
		t.Skip("started by TestPollRetriesOnlyOnceTheGroupIsGone")
	}
	ms, _, _, err := LoadManifests(context.Background(), DirFS(root))
	if err != nil {
		t.Fatal(err)
	}
	adapters := map[string]Adapter{"acme-research-agent": {Command: []string{"sh", "group.sh", "hang", "3"}, Timeout: 3 * time.Second}}
	Poll(context.Background(), root, PollOptions{Manifests: ms, Adapters: adapters, Env: []string{"PATH=" + os.Getenv("PATH")}})
}

// A poll killed while its adapter runs leaves the adapter's children
// running (the kernel's parent-death signal reaches the adapter only). The
// next poll does not retry while that process group lives, even past the
// run's end-by time, and retries once it is gone.
func TestPollRetriesOnlyOnceTheGroupIsGone(t *testing.T) {
	root, ms := resumeRepo(t)
	killOrphan(t, root)
	d := dispatchAt(t, root, ms, time.Now(), 60, 2)
	script := groupScript(t, root)
	helper := exec.Command(os.Args[0], "-test.run=^TestPollHelperProcess$")
	helper.Env = append(os.Environ(), "SQUADCI_TEST_POLL_ROOT="+root)
	if err := helper.Start(); err != nil {
		t.Fatal(err)
	}
	var c Claim
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if src, err := os.ReadFile(filepath.Join(root, claimPath(filepathDir(d.Request), d.TaskID))); err == nil {
			c = parseClaim(src, time.Time{}).claim
		}
		if _, err := os.Stat(filepath.Join(root, "orphan.pid")); err == nil && c.PGID > 0 {
			break
		}
		if time.Now().After(deadline) {
			helper.Process.Kill()
			t.Fatalf("the helper poll never recorded its adapter's process group: %+v", c)
		}
	}
	helper.Process.Kill() // SIGKILL: the poll records nothing more
	helper.Wait()
	t.Cleanup(func() { killGroup(c.PGID) })
	endBy, _ := time.Parse(time.RFC3339Nano, c.EndBy)
	time.Sleep(time.Until(endBy) + 200*time.Millisecond)
	if !growing(t, root) {
		t.Fatal("the orphan is not running: the test proves nothing")
	}
	adapters := map[string]Adapter{"acme-research-agent": {Command: append(script, "orphan", "3"), Timeout: 3 * time.Second}}
	o := pollOnce(t, root, ms, adapters)[d.TaskID]
	if o.Action != PollClaimed || !strings.Contains(o.Why, "still runs on this host") {
		t.Fatalf("while the orphan lives: %+v run %+v", o, o.Run)
	}
	if n := adapterCalls(t, root); n != 1 {
		t.Fatalf("the adapter ran %d times while the orphan lived", n)
	}
	if !strings.Contains(o.Why, "process group "+strconv.Itoa(c.PGID)) {
		t.Fatalf("claim %+v, why %q", c, o.Why)
	}
	if err := killGroup(c.PGID); err != nil {
		t.Fatal(err)
	}
	for i := 0; groupAlive(c.PGID) && i < 100; i++ {
		time.Sleep(20 * time.Millisecond)
	}
	o = pollOnce(t, root, ms, adapters)[d.TaskID]
	if o.Action != PollRan || o.Claim == nil || o.Claim.Attempt != 2 || !strings.HasPrefix(o.Why, "retry: ") {
		t.Fatalf("once the group is gone: %+v", o)
	}
}

package connector

import (
	"context"
	"github.com/squadci/squadci/internal/testtool"
	"github.com/squadci/squadci/lint/secrets"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// adapterScript writes a POSIX sh adapter into root and returns its argv.
// It records its arguments and environment, writes the note named by its
// first argument ("good", "bad", "none", "sleep", "noisy", "goodfail":
// a good result, then exit 1) and publishes the result atomically.
func adapterScript(t *testing.T, root, behaviour string) []string {
	t.Helper()
	testtool.LookPath(t, "sh", "apt-get install dash")
	script := `#!/bin/sh
set -eu
req="$2"
printf '%s|%s|%s|%s|%s\n' "$req" "$SQUADCI_TASK_ID" "$SQUADCI_REQUEST" "$SQUADCI_DELIVERABLE_ROOT" "${GITHUB_TOKEN:-unset}" >> calls.log
case "$1" in
sleep) sleep 30 ;;
noisy) i=0; while [ $i -lt 3000 ]; do echo "line $i of noise ghp_16C7e42F292c6912E7710c838347Ae178B4a"; i=$((i+1)); done ;;
none) exit 3 ;;
esac
role=researcher
[ "$1" = bad ] && role=developer
mkdir -p "$SQUADCI_DELIVERABLE_ROOT"
printf '# Note\n' > "$SQUADCI_DELIVERABLE_ROOT$SQUADCI_TASK_ID.md"
box=$(dirname "$req")
cat > "$box/.$SQUADCI_TASK_ID.tmp" <<EOF
{"schemaVersion": "1.1", "connectorId": "acme-research-agent", "taskId": "$SQUADCI_TASK_ID", "role": "$role",
 "bindingId": "research-agent", "status": "completed", "narrative": "Wrote a note.",
 "artifacts": [{"path": "$SQUADCI_DELIVERABLE_ROOT$SQUADCI_TASK_ID.md"}], "completedAt": "2026-03-02T10:00:00Z"}
EOF
mv "$box/.$SQUADCI_TASK_ID.tmp" "$box/$SQUADCI_TASK_ID.result.json"
echo done
[ "$1" = goodfail ] && exit 1
exit 0
`
	writeRel(t, root, "adapter.sh", script)
	return []string{"sh", "adapter.sh", behaviour}
}

func pollOnce(t *testing.T, root string, ms []*Manifest, adapters map[string]Adapter) map[string]PollOutcome {
	t.Helper()
	rep, err := Poll(context.Background(), root, PollOptions{Manifests: ms, Adapters: adapters, Env: []string{"PATH=" + os.Getenv("PATH")}})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]PollOutcome{}
	for _, o := range rep.Tasks {
		out[o.TaskID] = o
	}
	return out
}

func TestPollRunsTheAdapterOnce(t *testing.T) {
	for _, tc := range []struct {
		behaviour, check string
		rules            []string
		exit             int
	}{
		{"good", StatusCompleted, nil, 0},
		{"bad", StatusFailed, []string{"CN504"}, 0},
		{"none", StatusAwaiting, nil, 3},
	} {
		t.Run(tc.behaviour, func(t *testing.T) {
			root, ms := resumeRepo(t)
			d := dispatchAt(t, root, ms, time.Now(), 60, 2)
			stateBefore, _ := os.ReadFile(filepath.Join(root, d.State))
			adapters := map[string]Adapter{"acme-research-agent": {Command: adapterScript(t, root, tc.behaviour), Timeout: time.Minute}}
			o := pollOnce(t, root, ms, adapters)[d.TaskID]
			if o.Action != PollRan || o.Run == nil || o.Run.ExitCode != tc.exit || o.Check == nil {
				t.Fatalf("outcome %+v run %+v", o, o.Run)
			}
			if o.Check.Status != tc.check || !reflect.DeepEqual(o.Check.Rules, tc.rules) || o.Check.Changed {
				t.Errorf("check = %+v", o.Check)
			}
			calls, _ := os.ReadFile(filepath.Join(root, "calls.log"))
			want := d.Request + "|" + d.TaskID + "|" + d.Request + "|reports/research/|unset\n"
			if string(calls) != want {
				t.Errorf("adapter saw %q, want %q", calls, want)
			}
			// The poller never touches the state; the claim stays.
			if after, _ := os.ReadFile(filepath.Join(root, d.State)); string(after) != string(stateBefore) {
				t.Errorf("poll changed the state")
			}
			if _, err := os.Stat(filepath.Join(root, claimPath(filepathDir(d.Request), d.TaskID))); err != nil {
				t.Errorf("no claim: %v", err)
			}
			// A second pass never runs it again: its result is the resume's.
			if tc.behaviour != "none" {
				if again := pollOnce(t, root, ms, adapters); len(again) != 0 {
					t.Errorf("second pass: %+v", again)
				}
				if calls2, _ := os.ReadFile(filepath.Join(root, "calls.log")); string(calls2) != want {
					t.Errorf("adapter ran again: %q", calls2)
				}
			}
		})
	}
}

func filepathDir(rel string) string { return rel[:strings.LastIndexByte(rel, '/')+1] }

func TestPollWithoutMappingOnlyReports(t *testing.T) {
	root, ms := resumeRepo(t)
	d := dispatchAt(t, root, ms, time.Now(), 60, 2)
	past := dispatchAt(t, root, ms, time.Now().Add(-2*time.Hour), 60, 2)
	done := dispatchAt(t, root, ms, time.Now(), 60, 2)
	writeResult(t, root, done, "completed", "researcher", "reports/research/done.md")
	before := snapshotTree(t, root)
	got := pollOnce(t, root, ms, nil)
	if len(got) != 1 || got[d.TaskID].Action != PollPending || got[d.TaskID].Run != nil {
		t.Errorf("pending listing = %+v (past %s, done %s)", got, past.TaskID, done.TaskID)
	}
	if !reflect.DeepEqual(before, snapshotTree(t, root)) {
		t.Errorf("a poll without adapters changed the tree")
	}
}

func TestPollTimeoutAndOutputTail(t *testing.T) {
	root, ms := resumeRepo(t)
	d := dispatchAt(t, root, ms, time.Now(), 60, 2)
	start := time.Now()
	o := pollOnce(t, root, ms, map[string]Adapter{"acme-research-agent": {Command: adapterScript(t, root, "sleep"), Timeout: 300 * time.Millisecond}})[d.TaskID]
	if o.Run == nil || !o.Run.TimedOut || !o.Run.Failed() || time.Since(start) > 10*time.Second {
		t.Errorf("timeout: %+v after %s", o.Run, time.Since(start))
	}
	root, ms = resumeRepo(t)
	d = dispatchAt(t, root, ms, time.Now(), 60, 2)
	o = pollOnce(t, root, ms, map[string]Adapter{"acme-research-agent": {Command: adapterScript(t, root, "noisy")}})[d.TaskID]
	if o.Run == nil || len(o.Run.Output) > DefaultOutputLimit || o.Run.OutputDropped == 0 || !strings.HasSuffix(o.Run.Output, "done\n") {
		t.Fatalf("tail: %d bytes, %d dropped", len(o.Run.Output), o.Run.OutputDropped)
	}
	if strings.Contains(o.Run.Output, "ghp_") {
		t.Errorf("a token-shaped string was kept in the output")
	}
}

func TestTailBuffer(t *testing.T) {
	b := &tailBuffer{limit: 8}
	for _, s := range []string{"abc", "defghij", "klmnopqrstuvwxyz", "12"} {
		b.Write([]byte(s))
	}
	if got, dropped := b.text(); got != "uvwxyz12" || dropped != 20 {
		t.Errorf("tail = %q dropped %d", got, dropped)
	}
}

// A value whose start fell before the tail is still masked: the buffer
// keeps enough before the tail to find it, and the cut shows "***".
func TestTailBufferMasksAcrossTheCut(t *testing.T) {
	tests := []struct {
		name, out, want string
		dropped         int64
	}{
		{"straddles the cut", "xxxxSECRETVALUEabcd", "***abcd", 11},
		{"inside the tail", "xxxxxxxxSECRETVALUE", "***", 11},
		{"split across writes", "xSECRET|VALUEzz", "***zz", 6},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := &tailBuffer{limit: 8, mask: secrets.NewValues("SECRETVALUE")}
			for _, part := range strings.Split(tc.out, "|") {
				b.Write([]byte(part))
			}
			got, dropped := b.text()
			if got != tc.want || dropped != tc.dropped || strings.Contains(got, "VALUE") {
				t.Errorf("tail = %q dropped %d, want %q dropped %d", got, dropped, tc.want, tc.dropped)
			}
		})
	}
}

package connector

import (
	"encoding/base64"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/squadci/squadci/internal/testtool"
)

const leakValue = "sk-live-Zq8rT2vW9xY4mN7p"

// leakyAdapter writes a good note and result, and leaks $ACME_API_KEY as
// behaviour says: in the narrative, an artifact (raw, base64, hex), a file
// name, a JSON escape; "clean" leaks nothing.
func leakyAdapter(t *testing.T, root, behaviour string) []string {
	t.Helper()
	testtool.LookPath(t, "sh", "apt-get install dash")
	script := `#!/bin/sh
set -eu
req="$2"
dr="$SQUADCI_DELIVERABLE_ROOT"
mkdir -p "$dr"
note="Wrote a note."
body='# Note'
case "$1" in
narrative) note="Wrote a note with $ACME_API_KEY." ;;
artifact) body="key: $ACME_API_KEY" ;;
base64) body="auth: xy$(printf 'a:%s' "$ACME_API_KEY" | base64 | tr -d '\n')" ;;
hex) body="$(printf '%s' "$ACME_API_KEY" | od -An -tx1 | tr -d ' \n')" ;;
filename) printf 'x\n' > "$dr$ACME_API_KEY.txt" ;;
escaped) first=$(printf '%s' "$ACME_API_KEY" | cut -c1); rest=$(printf '%s' "$ACME_API_KEY" | cut -c2-); note="key \\u00$(printf '%s' "$first" | od -An -tx1 | tr -d ' \n')$rest" ;;
esac
printf '%s\n' "$body" > "$dr$SQUADCI_TASK_ID.md"
box=$(dirname "$req")
cat > "$box/.$SQUADCI_TASK_ID.tmp" <<EOF
{"schemaVersion": "1.1", "connectorId": "acme-research-agent", "taskId": "$SQUADCI_TASK_ID", "role": "researcher",
 "bindingId": "research-agent", "status": "completed", "narrative": "$note",
 "artifacts": [{"path": "$dr$SQUADCI_TASK_ID.md"}], "completedAt": "2026-03-02T10:00:00Z"}
EOF
mv "$box/.$SQUADCI_TASK_ID.tmp" "$box/$SQUADCI_TASK_ID.result.json"
`
	writeRel(t, root, "adapter.sh", script)
	return []string{"sh", "adapter.sh", behaviour}
}

// TestPollFailsALeakedSecret: a passed value the adapter writes anywhere
// the task uploads fails the task with CN324 naming the variable; the
// value is in no output and no file, and the leaking file is gone.
func TestPollFailsALeakedSecret(t *testing.T) {
	for _, tc := range []struct{ behaviour, leaked string }{
		{"narrative", "result"}, {"artifact", "note"}, {"base64", "note"}, {"hex", "note"},
		{"filename", "name"}, {"escaped", "result"},
	} {
		t.Run(tc.behaviour, func(t *testing.T) {
			if tc.behaviour == "base64" {
				testtool.LookPath(t, "base64", "apt-get install coreutils")
			}
			root, ms := resumeRepo(t)
			d := dispatchAt(t, root, ms, time.Now(), 60, 2)
			adapters := map[string]Adapter{"acme-research-agent": {Command: leakyAdapter(t, root, tc.behaviour), Timeout: time.Minute,
				Env: []string{"ACME_API_KEY=" + leakValue, "SHORT=abc"}}}
			o := pollOnce(t, root, ms, adapters)[d.TaskID]
			if o.Check == nil || o.Check.Status != StatusFailed || !reflect.DeepEqual(o.Check.Rules, []string{"CN324"}) {
				t.Fatalf("check = %+v run %+v", o.Check, o.Run)
			}
			out, _ := json.Marshal(o)
			if !strings.Contains(string(out), "ACME_API_KEY") {
				t.Errorf("the outcome does not name the variable: %s", out)
			}
			assertValueNowhere(t, root, string(out))
			note := filepath.Join(root, "reports/research", d.TaskID+".md")
			if _, err := os.Stat(note); (tc.leaked == "note") != os.IsNotExist(err) {
				t.Errorf("note kept = %v, want removed only when it leaked", err == nil)
			}
			// The replaced result fails the task for good.
			rep := resumeAt(t, root, ms, time.Now())
			if got := rep[d.TaskID]; got.Status != StatusFailed || got.Reason != ReasonProducerFailed {
				t.Errorf("resume = %+v", got.TaskDecision)
			}
			res := string(mustRead(t, root, filepathDir(d.Request)+d.TaskID+".result.json"))
			if !strings.Contains(res, "ACME_API_KEY") || !strings.Contains(res, "CN324") {
				t.Errorf("result = %s", res)
			}
		})
	}
	t.Run("clean", func(t *testing.T) {
		root, ms := resumeRepo(t)
		d := dispatchAt(t, root, ms, time.Now(), 60, 2)
		adapters := map[string]Adapter{"acme-research-agent": {Command: leakyAdapter(t, root, "clean"), Env: []string{"ACME_API_KEY=" + leakValue}}}
		if o := pollOnce(t, root, ms, adapters)[d.TaskID]; o.Check == nil || o.Check.Status != StatusCompleted {
			t.Errorf("clean run: %+v", o.Check)
		}
	})
}

// assertValueNowhere: no file name or content under root, nor out, holds
// the value.
func assertValueNowhere(t *testing.T, root, out string) {
	t.Helper()
	if strings.Contains(out, leakValue) {
		t.Errorf("the value is in the outcome")
	}
	err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if strings.Contains(p, leakValue) {
			t.Errorf("a path holds the value: %s", strings.ReplaceAll(p, leakValue, "***"))
		}
		if e.Type().IsRegular() && filepath.Base(p) != "adapter.sh" {
			if b, _ := os.ReadFile(p); strings.Contains(string(b), leakValue) {
				t.Errorf("%s holds the value", p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestLeakNeedles(t *testing.T) {
	ns := leakNeedles([]string{"K=" + leakValue, "S=short"})
	for _, n := range ns {
		if n.name != "K" {
			t.Errorf("needle of %s", n.name)
		}
	}
	// Every alignment of base64 finds it.
	for _, prefix := range []string{"", "a", "ab", "abc"} {
		for _, enc := range []func([]byte) string{b64std, b64url} {
			if leakIn(ns, []byte(enc([]byte(prefix+leakValue+"tail")))) != "K" {
				t.Errorf("base64 with prefix %q not found", prefix)
			}
		}
	}
	if leakIn(ns, []byte("nothing here")) != "" {
		t.Errorf("false hit")
	}
}

func b64std(b []byte) string { return base64.StdEncoding.EncodeToString(b) }
func b64url(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// TestLeakResultIsAValidFailedEnvelope: the result that replaces a
// leaking one is valid for an agent and for an orchestrator, so a resume
// fails the task as producer-failed, never as an invalid result.
func TestLeakResultIsAValidFailedEnvelope(t *testing.T) {
	root, ms := dispatchRepo(t)
	o := orchestratorTask()
	o.Now = time.Now()
	d, err := Dispatch(t.Context(), root, ms, nil, o)
	if err != nil {
		t.Fatal(err)
	}
	req, _ := ParseRequest(d.Request, mustRead(t, root, d.Request))
	writeRel(t, root, filepathDir(d.Request)+d.TaskID+".result.json", string(leakResult(req, []string{"A", "B"}, time.Now())))
	rep, err := Resume(t.Context(), root, ResumeOptions{Manifests: ms})
	if err != nil {
		t.Fatal(err)
	}
	for _, got := range rep.Tasks {
		if got.TaskID == d.TaskID && (got.Status != StatusFailed || got.Reason != ReasonProducerFailed) {
			t.Errorf("resume = %+v", got.TaskDecision)
		}
	}
}

// TestPollKeepsPreexistingFiles: a file that was under the deliverable
// root before the dispatch (listed in the snapshot) is not the run's: it
// is neither searched nor removed.
func TestPollKeepsPreexistingFiles(t *testing.T) {
	root, ms := resumeRepo(t)
	writeRel(t, root, "reports/research/old.md", "an old note quoting "+leakValue+"\n")
	d := dispatchAt(t, root, ms, time.Now(), 60, 2)
	adapters := map[string]Adapter{"acme-research-agent": {Command: leakyAdapter(t, root, "clean"), Env: []string{"ACME_API_KEY=" + leakValue}}}
	if o := pollOnce(t, root, ms, adapters)[d.TaskID]; o.Check == nil || o.Check.Status != StatusCompleted {
		t.Errorf("clean run beside an old file: %+v", o.Check)
	}
	if _, err := os.Stat(filepath.Join(root, "reports/research/old.md")); err != nil {
		t.Errorf("the pre-existing file is gone: %v", err)
	}
}

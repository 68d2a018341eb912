//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/squadci/squadci/connector"
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

// The first hour with an adapter: a typo in its path is a configuration
// error that claims nothing; once the path is right, an adapter that
// exits 1 turns the step red and its claim records the failure; when the
// adapter works, the next poll retries the task and resume completes it.
func TestPollTypoThenFix(t *testing.T) {
	dir := newRepo(t)
	d := dispatch(t, dir, researchArgs...)
	claim := filepath.Join(dir, filepath.FromSlash(d.Request[:strings.LastIndex(d.Request, "/")+1]+d.TaskID+".claim.json"))
	// Until the file "ready" exists, the adapter fails.
	writeFile(t, dir, "scripts/research-adapter.sh", "#!/bin/sh\n[ -e ready ] || { echo 'not ready' >&2; exit 1; }\n"+
		strings.TrimPrefix(researchAdapter, "#!/bin/sh\n"))
	if err := os.Chmod(filepath.Join(dir, "scripts/research-adapter.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	config := func(path string) {
		writeFile(t, dir, ".squadci.yml", "version: 1\nadapters:\n  acme-research-agent:\n    command: [\""+path+"\"]\n    timeout: 1m\n")
	}

	config("./scripts/research-adaptr.sh")
	code, out, stderr := runEnv(t, dir, nil, "poll")
	if code != exitUsage || !strings.Contains(stderr, `.squadci.yml: adapters.acme-research-agent.command`) ||
		!strings.Contains(stderr, `"./scripts/research-adaptr.sh"`) || !strings.Contains(stderr, "no such file") {
		t.Fatalf("typo: exit %d\n%s%s", code, out, stderr)
	}
	if _, err := os.Lstat(claim); !os.IsNotExist(err) {
		t.Fatalf("a refused poll left a claim: %v", err)
	}

	config("./scripts/research-adapter.sh")
	code, out, stderr = runEnv(t, dir, nil, "poll")
	if code != exitFindings || !strings.Contains(out, "exited 1") || !strings.Contains(out, "will be retried by the next poll (retry 1 of 2)") {
		t.Fatalf("failing adapter: exit %d\n%s%s", code, out, stderr)
	}
	var c connector.Claim
	if src, err := os.ReadFile(claim); err != nil || json.Unmarshal(src, &c) != nil ||
		c.Attempt != 1 || c.Outcome != connector.ClaimExited || c.ExitCode == nil || *c.ExitCode != 1 || c.FinishedAt == "" {
		t.Fatalf("claim after the failure (%v): %+v", err, c)
	}

	writeFile(t, dir, "ready", "")
	code, out, stderr = runEnv(t, dir, nil, "poll", "--format", "json")
	var doc pollDocument
	if code != exitOK || json.Unmarshal([]byte(out), &doc) != nil || len(doc.Tasks) != 1 || doc.Tasks[0].Action != "ran" ||
		doc.Tasks[0].Claim.Attempt != 2 || doc.Tasks[0].Check.Status != connector.StatusCompleted {
		t.Fatalf("fixed adapter: exit %d\n%s%s", code, out, stderr)
	}
	code, out, _ = runEnv(t, dir, nil, "resume", "--format", "json")
	if rep := parseResume(t, out); code != exitOK || len(rep.Tasks) != 1 || rep.Tasks[0].Status != connector.StatusCompleted {
		t.Errorf("resume: exit %d %+v", code, rep.Tasks)
	}
	if code, out, _ := runEnv(t, dir, nil, "poll"); code != exitOK || !strings.Contains(out, "no pending requests") {
		t.Errorf("poll after completion: exit %d\n%s", code, out)
	}
}

// TestPollWarnsAboutUnknownAdapterKeys: an adapters: key that names no
// manifest is never run; poll says so with a did-you-mean, and lint reports
// it as SQ005 at the key.
func TestPollWarnsAboutUnknownAdapterKeys(t *testing.T) {
	dir := newRepo(t)
	writeFile(t, dir, ".squadci.yml", "version: 1\nadapters:\n  acme-reserch-agent:\n    command: [\"true\"]\n")
	code, _, stderr := runEnv(t, dir, nil, "poll")
	if code != exitOK || !strings.Contains(stderr, `.squadci.yml:3:3: adapters: "acme-reserch-agent" names no manifest's connectorId (did you mean "acme-research-agent"?)`) {
		t.Errorf("poll: exit %d, stderr:\n%s", code, stderr)
	}
	code, out, _ := run(t, dir, "lint", "--format", "oneline", "--fail-level", "warning")
	if code != exitFindings || !strings.Contains(out, `.squadci.yml:3:3: warning: adapters: "acme-reserch-agent"`) || !strings.Contains(out, "[SQ005]") {
		t.Errorf("lint: exit %d\n%s", code, out)
	}
}

// TestPollTextExplainsAFailingResult: poll's text report gives each rule's
// message beside its id, as resume and connector status do.
func TestPollTextExplainsAFailingResult(t *testing.T) {
	dir := newRepo(t)
	writeFile(t, dir, "adapter.sh", researchAdapter)
	writeFile(t, dir, ".squadci.yml", adapterConfig(""))
	badArgs := append([]string{}, researchArgs...)
	badArgs[5] = "Research invoice rounding. BAD"
	dispatch(t, dir, badArgs...)
	code, out, stderr := runEnv(t, dir, nil, "poll")
	if code != exitOK || !strings.Contains(out, "CN504: ") || !strings.Contains(out, `"developer"`) {
		t.Errorf("poll: exit %d, want the CN504 message in the report\n%s%s", code, out, stderr)
	}
}

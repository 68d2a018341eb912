package main

import (
	"os"
	"strings"
	"testing"
)

// In the action's poll mode a failed adapter fails the step (unless
// fail-level is none) and its annotation says what happens next; a
// missing adapter command is a configuration error that claims nothing.
func TestActionPollAdapterFailures(t *testing.T) {
	root := t.TempDir()
	tasks := writeTasks(t, root, 1, func(int) taskKind { return kindWaiting })
	writeFile(t, root, "fail.sh", "#!/bin/sh\necho broken >&2\nexit 1\n")
	writeFile(t, root, ".squadci.yml", "version: 1\nadapters:\n  acme-research-agent:\n    command: [\"./no-such-adapter\"]\n")
	claim := root + "/" + taskMailbox + tasks[0].id + ".claim.json"
	env, _, _ := actionEnv(t, map[string]string{"mode": "poll"})
	env = append(env, "PATH="+os.Getenv("PATH"))
	if code, stdout, stderr := runAction(t, root, env); code != exitUsage || !strings.Contains(stderr, "adapters.acme-research-agent.command") {
		t.Errorf("missing adapter: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if _, err := os.Lstat(claim); !os.IsNotExist(err) {
		t.Errorf("a refused poll left a claim: %v", err)
	}

	writeFile(t, root, ".squadci.yml", "version: 1\nadapters:\n  acme-research-agent:\n    command: [\"sh\", \"fail.sh\"]\n")
	code, stdout, stderr := runAction(t, root, env)
	if code != exitFindings || !strings.Contains(stdout, "::error ") || !strings.Contains(stdout, "will be retried by the next poll (retry 1 of 10)") {
		t.Errorf("failing adapter: exit %d\n%s\n%s", code, stdout, stderr)
	}
	env, _, _ = actionEnv(t, map[string]string{"mode": "poll", "fail-level": "none"})
	env = append(env, "PATH="+os.Getenv("PATH"))
	if code, stdout, _ := runAction(t, root, env); code != exitOK || !strings.Contains(stdout, "retry 1: ") {
		t.Errorf("fail-level none, the retry: exit %d\n%s", code, stdout)
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConnectorWorkflowScopesSecrets: no step of the reusable workflow
// writes to GITHUB_ENV (which would hand the adapters' secrets to every
// later step: the collect step, the upload), and the secrets reach the
// poll step only, through its adapter-secrets input.
func TestConnectorWorkflowScopesSecrets(t *testing.T) {
	wf := readWorkflow(t, ".github/workflows/squad-connector.yml")
	for name, job := range wf.Jobs {
		for i, s := range job.Steps {
			if strings.Contains(s.Run, "GITHUB_ENV") {
				t.Errorf("job %s step %d (%s) writes to GITHUB_ENV", name, i, s.Name)
			}
			for k, v := range s.Env {
				if strings.Contains(v, "secrets") && !strings.Contains(v, "secrets.SQUADCI_TOKEN") {
					t.Errorf("job %s step %d (%s): env %s takes secrets", name, i, s.Name, k)
				}
			}
			for k, v := range s.With {
				passes := strings.Contains(v, "toJSON(secrets)")
				isPoll := name == "poll" && strings.HasPrefix(s.Uses, "./.squadci-action") && k == "adapter-secrets"
				if passes != isPoll && (passes || isPoll) {
					t.Errorf("job %s step %d (%s): with %s = %q", name, i, s.Name, k, v)
				}
			}
		}
	}
	poll := stepUsing(t, wf.Jobs["poll"], "poll", "./.squadci-action")
	if poll.With["adapter-secrets"] != "${{ toJSON(secrets) }}" {
		t.Errorf("the poll step's adapter-secrets = %q, want ${{ toJSON(secrets) }}", poll.With["adapter-secrets"])
	}
	// The action passes the input to squadci and nowhere else.
	action, err := os.ReadFile(filepath.Join("..", "..", "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(action), "inputs.adapter-secrets"); n != 1 ||
		!strings.Contains(string(action), "INPUT_ADAPTER-SECRETS: ${{ inputs.adapter-secrets }}") {
		t.Errorf("action.yml uses inputs.adapter-secrets %d times, want once, as INPUT_ADAPTER-SECRETS", n)
	}
}

// TestActionAdapterSecretsInput: the action takes from adapter-secrets
// only the names the adapters are allowed, passes them to the adapter
// and masks them; a bad input is refused without quoting it.
func TestActionAdapterSecretsInput(t *testing.T) {
	root := t.TempDir()
	writeTasks(t, root, 1, func(int) taskKind { return kindWaiting })
	writeFile(t, root, "env.sh", "#!/bin/sh\nprintf '%s|%s\\n' \"${ACME_KEY:-unset}\" \"${OTHER_SECRET:-unset}\" > seen.txt\nexit 1\n")
	writeFile(t, root, ".squadci.yml", "version: 1\nadapters:\n  acme-research-agent:\n    command: [sh, env.sh]\n    env: [ACME_KEY]\n")
	env, _, _ := actionEnv(t, map[string]string{"mode": "poll", "fail-level": "none",
		"adapter-secrets": `{"ACME_KEY": "acme-0123456789abcdef", "OTHER_SECRET": "other-0123456789abcdef", "n": 1}`})
	env = append(env, "PATH="+os.Getenv("PATH"))
	code, stdout, stderr := runAction(t, root, env)
	if code != exitOK || !strings.Contains(stdout, "::add-mask::acme-0123456789abcdef") || strings.Contains(stdout, "other-0123456789abcdef") {
		t.Errorf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	seen, _ := os.ReadFile(filepath.Join(root, "seen.txt"))
	if string(seen) != "acme-0123456789abcdef|unset\n" {
		t.Errorf("the adapter saw %q", seen)
	}
	env, _, _ = actionEnv(t, map[string]string{"mode": "poll", "adapter-secrets": "not json"})
	if code, _, stderr := runAction(t, root, env); code != exitUsage || !strings.Contains(stderr, "adapter-secrets must be a JSON object") || strings.Contains(stderr, "not json") {
		t.Errorf("bad input: exit %d %s", code, stderr)
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// onlyNewEnv is actionEnv with only-new on and an event payload whose
// pull request's base commit is base.
func onlyNewEnv(t *testing.T, event string) (env []string, output, summary string) {
	t.Helper()
	env, output, summary = actionEnv(t, map[string]string{"only-new": "true"})
	path := filepath.Join(t.TempDir(), "event.json")
	if err := os.WriteFile(path, []byte(event), 0o644); err != nil {
		t.Fatal(err)
	}
	return append(env, "GITHUB_EVENT_PATH="+path), output, summary
}

// TestActionOnlyNew: only-new reports the findings the pull request adds,
// from pull_request.base.sha of the event payload, and the job summary
// says how many it left out.
func TestActionOnlyNew(t *testing.T) {
	dir := newGitRepo(t, map[string]string{"connectors/a.json": adoptManifest("alpha", "5")})
	base := commitBaseAndBranch(t, dir)
	writeFiles(t, dir, map[string]string{"connectors/a.json": adoptManifest("alpha", "5", "true")})
	commitAll(t, dir, "a second mistake")

	env, output, summary := onlyNewEnv(t, `{"pull_request":{"number":7,"base":{"sha":"`+base+`"}}}`)
	code, stdout, stderr := runAction(t, dir, env)
	if code != 1 || strings.Count(stdout, "::error ") != 1 || !strings.Contains(stdout, "::error file=connectors/a.json,line=8,") {
		t.Errorf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if outs := readStepOutputs(t, output); outs["errors"] != "1" {
		t.Errorf("outputs = %v", outs)
	}
	sum, _ := os.ReadFile(summary)
	if !strings.Contains(string(sum), "- 1 finding already present at "+base+" not shown\n") {
		t.Errorf("summary:\n%s", sum)
	}
}

// TestActionOnlyNewErrors: a shallow checkout without the base commit,
// and an event that is no pull request, fail with what to change.
func TestActionOnlyNewErrors(t *testing.T) {
	dir := newGitRepo(t, map[string]string{"connectors/a.json": adoptManifest("alpha", "5")})
	commitAll(t, dir, "base")
	absent := strings.Repeat("ab", 20)
	for _, tc := range []struct{ event, want string }{
		{`{"pull_request":{"base":{"sha":"` + absent + `"}}}`, "the pull request's base commit " + absent + " is not in this checkout (a shallow clone); check out with actions/checkout `fetch-depth: 0`"},
		{`{"ref":"refs/heads/main"}`, "input only-new works on pull_request events, and this pull_request event has no pull_request.base.sha"},
	} {
		env, _, _ := onlyNewEnv(t, tc.event)
		code, stdout, _ := runAction(t, dir, env)
		if code != 2 || !strings.Contains(stdout, "::error::") || !strings.Contains(stdout, tc.want) {
			t.Errorf("event %s: exit %d\n%s", tc.event, code, stdout)
		}
	}
	env, _, _ := actionEnv(t, map[string]string{"only-new": "maybe"})
	if code, _, stderr := runAction(t, dir, env); code != 2 || !strings.Contains(stderr, "input only-new must be true or false") {
		t.Errorf("only-new: maybe: exit %d %s", code, stderr)
	}
}

// TestActionYAMLPassesEveryInput: every input of action.yml reaches the
// run step as INPUT_<NAME>, the variable squadci action reads.
func TestActionYAMLPassesEveryInput(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var action struct {
		Inputs map[string]struct{ Default string }
		Runs   struct{ Steps []workflowStep }
	}
	if err := yaml.Unmarshal(b, &action); err != nil {
		t.Fatal(err)
	}
	var env map[string]string
	for _, s := range action.Runs.Steps {
		if s.ID == "run" {
			env = s.Env
		}
	}
	for name := range action.Inputs {
		key := "INPUT_" + strings.ToUpper(name)
		if env[key] != "${{ inputs."+name+" }}" {
			t.Errorf("action.yml: input %s reaches the run step as %s=%q", name, key, env[key])
		}
	}
	if action.Inputs["only-new"].Default != "false" {
		t.Errorf("only-new defaults to %q", action.Inputs["only-new"].Default)
	}
}

package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// actionEnv builds the environment of an action step with temporary
// GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and GITHUB_EVENT_PATH files.
func actionEnv(t *testing.T, inputs map[string]string) (env []string, output, summary string) {
	t.Helper()
	dir := t.TempDir()
	output = filepath.Join(dir, "output")
	summary = filepath.Join(dir, "summary.md")
	event := filepath.Join(dir, "event.json")
	if err := os.WriteFile(event, []byte(`{"pull_request":{"number":7,"head":{"repo":{"full_name":"fork/repo"}}},"repository":{"full_name":"acme/repo"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	env = []string{
		"GITHUB_ACTIONS=true", "GITHUB_OUTPUT=" + output, "GITHUB_STEP_SUMMARY=" + summary,
		"GITHUB_EVENT_PATH=" + event, "GITHUB_EVENT_NAME=pull_request", "GITHUB_REPOSITORY=acme/repo",
		"RUNNER_TEMP=" + dir,
	}
	for k, v := range inputs {
		env = append(env, "INPUT_"+strings.ToUpper(k)+"="+v)
	}
	return env, output, summary
}

func runAction(t *testing.T, dir string, env []string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	c := &Command{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Dir: dir, Env: env}
	return c.Main([]string{"squadci", "action"}), out.String(), errb.String()
}

// fortyFindings is a repository with 20 error and 20 warning findings: each
// manifest has an unconventional dropPath (a warning) or a bad contact.
func fortyFindings(t *testing.T) string {
	files := map[string]string{}
	for i := 0; i < 20; i++ {
		id := fmt.Sprintf("agent-%02d", i)
		m := strings.ReplaceAll(goodManifest, "acme-research-agent", id)
		files["connectors/warn-"+id+".json"] = strings.Replace(m, ".connector-drops/"+id+"/", ".connector-drops/mail-"+id+"/", 1)
		bad := strings.ReplaceAll(goodManifest, "acme-research-agent", "bad-"+id)
		files["connectors/err-"+id+".json"] = strings.Replace(bad, "squad-integrations@example.com", "not an address", 1)
	}
	return writeTree(t, files)
}

func TestActionFortyFindings(t *testing.T) {
	dir := fortyFindings(t)
	env, output, summary := actionEnv(t, map[string]string{"sarif-file": "out/squadci.sarif", "sarif-category": "squadci"})
	code, stdout, stderr := runAction(t, dir, env)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, stderr)
	}
	count := func(kind string) int { return len(regexp.MustCompile(`(?m)^::`+kind+` `).FindAllString(stdout, -1)) }
	if e, w := count("error"), count("warning"); e != 10 || w != 10 {
		t.Errorf("annotations: %d errors, %d warnings; want 10 and 10", e, w)
	}
	notices := regexp.MustCompile(`(?m)^::notice::.*`).FindAllString(stdout, -1)
	if len(notices) != 1 || !strings.Contains(notices[0], "20 more findings") {
		t.Errorf("overflow notice = %q", notices)
	}
	sum, err := os.ReadFile(summary)
	if err != nil {
		t.Fatal(err)
	}
	if len(sum) >= 1<<20 {
		t.Errorf("summary is %d bytes", len(sum))
	}
	if rows := strings.Count(string(sum), "[CN119](") + strings.Count(string(sum), "[CN116]("); rows != 40 {
		t.Errorf("summary lists %d findings, want 40:\n%s", rows, sum)
	}
	outs := readStepOutputs(t, output)
	if outs["errors"] != "20" || outs["warnings"] != "20" || outs["notes"] != "0" {
		t.Errorf("outputs = %v", outs)
	}
	if outs["sarif-file"] != filepath.Join(dir, "out", "squadci.sarif") {
		t.Errorf("sarif-file = %q", outs["sarif-file"])
	}
	if b, err := os.ReadFile(outs["sarif-file"]); err != nil || !bytes.Contains(b, []byte(`"squadci/"`)) {
		t.Errorf("SARIF not written with its category: %v", err)
	}
	if _, err := os.Stat(outs["report-file"]); err != nil {
		t.Errorf("report-file: %v", err)
	}
}

// readStepOutputs reads GITHUB_OUTPUT's heredoc entries and checks that every
// delimiter is random (not the library's fixed one) and unique.
func readStepOutputs(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	outs := map[string]string{}
	seen := map[string]bool{}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		name, delim, ok := strings.Cut(lines[i], "<<")
		if !ok || !strings.HasPrefix(delim, "squadci_") || len(delim) < 40 || seen[delim] {
			t.Fatalf("bad output header %q", lines[i])
		}
		seen[delim] = true
		var value []string
		for i++; i < len(lines) && lines[i] != delim; i++ {
			value = append(value, lines[i])
		}
		outs[name] = strings.Join(value, "\n")
	}
	return outs
}

func TestActionInputs(t *testing.T) {
	dir := writeTree(t, map[string]string{"connectors/a.json": goodManifest})
	for _, tc := range []struct {
		inputs map[string]string
		want   int
	}{
		{map[string]string{}, 0},
		{map[string]string{"mode": "deploy"}, 2},
		{map[string]string{"mode": "resume"}, 2},
		{map[string]string{"annotations": "maybe"}, 2},
		{map[string]string{"fail-level": "loud"}, 2},
		{map[string]string{"summary": "false", "annotations": "false"}, 0},
	} {
		env, _, summary := actionEnv(t, tc.inputs)
		if code, _, stderr := runAction(t, dir, env); code != tc.want {
			t.Errorf("inputs %v: exit %d, want %d (%s)", tc.inputs, code, tc.want, stderr)
		}
		if tc.inputs["summary"] == "false" {
			if _, err := os.Stat(summary); err == nil {
				t.Errorf("summary written although summary: false")
			}
		}
	}
}

// TestActionReadOnlyRun: without writable GITHUB_OUTPUT/STEP_SUMMARY (a
// fork's restricted run, or a local run) the step still annotates and exits
// by its findings, never for lack of permission.
func TestActionReadOnlyRun(t *testing.T) {
	dir := fortyFindings(t)
	env := []string{"INPUT_MODE=lint", "GITHUB_OUTPUT=/nonexistent/dir/out", "GITHUB_STEP_SUMMARY=/nonexistent/dir/sum"}
	code, stdout, stderr := runAction(t, dir, env)
	if code != 1 || !strings.Contains(stdout, "::error ") || !strings.Contains(stderr, "writing GITHUB_OUTPUT") {
		t.Errorf("exit %d\nstdout: %.300s\nstderr: %s", code, stdout, stderr)
	}
	if code, _, _ := runAction(t, dir, append(env, "INPUT_FAIL-LEVEL=none")); code != 0 {
		t.Errorf("fail-level none: exit %d", code)
	}
}

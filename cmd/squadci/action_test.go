package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/squadci/squadci/connector"
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
// manifest has an unconventional dropPath (a warning) or a bad contact, each
// its own (one bad contact copied into 20 files would be one finding of one
// cause).
func fortyFindings(t *testing.T) string {
	files := map[string]string{}
	for i := 0; i < 20; i++ {
		id := fmt.Sprintf("agent-%02d", i)
		m := strings.ReplaceAll(goodManifest, "acme-research-agent", id)
		files["connectors/warn-"+id+".json"] = strings.Replace(m, ".connector-drops/"+id+"/", ".connector-drops/mail-"+id+"/", 1)
		bad := strings.ReplaceAll(goodManifest, "acme-research-agent", "bad-"+id)
		files["connectors/err-"+id+".json"] = strings.Replace(bad, "squad-integrations@example.com", "not an address "+id, 1)
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
		{map[string]string{"mode": "resume"}, 0},
		{map[string]string{"mode": "scheduled", "notify": "comment"}, 2},
		{map[string]string{"mode": "poll", "notify-issue": "x"}, 2},
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

// TestActionScheduled runs mode: scheduled over a repository with a task
// to complete (by its adapter), one whose result fails validation, one past
// its deadline and one still awaiting: outputs, report file, summary,
// annotations and notifications.
func TestActionScheduled(t *testing.T) {
	root := t.TempDir()
	tasks := writeTasks(t, root, 4, func(i int) taskKind { return []taskKind{kindWaiting, kindBad, kindExpired, kindWaiting}[i] })
	writeFile(t, root, "adapter.sh", researchAdapter)
	writeFile(t, root, ".squadci.yml", adapterConfig(""))
	// The last task's adapter already ran (its claim is there): it stays awaiting.
	writeFile(t, root, taskMailbox+tasks[3].id+".claim.json", "{}\n")
	api, srv := newFakeGitHub(t)
	env, output, summary := actionEnv(t, map[string]string{"mode": "scheduled", "notify": "dispatch", "github-token": "tok-123"})
	env = append(env, "GITHUB_API_URL="+srv.URL, "PATH="+os.Getenv("PATH"))
	code, stdout, stderr := runAction(t, root, env)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (a failed task)\n%s\n%s", code, stdout, stderr)
	}
	outs := readStepOutputs(t, output)
	if outs["awaiting"] != "1" || outs["completed"] != "1" || outs["failed"] != "1" || outs["unreachable"] != "1" {
		t.Errorf("outputs = %v", outs)
	}
	b, err := os.ReadFile(outs["report-file"])
	var rep scheduledReport
	if err != nil || json.Unmarshal(b, &rep) != nil || rep.Version != 1 || rep.Mode != "scheduled" || rep.Poll == nil || rep.Resume == nil ||
		len(rep.Poll.Tasks) != 2 || len(rep.Resume.Tasks) != 4 {
		t.Errorf("report file %q: %v\n%s", outs["report-file"], err, b)
	}
	bad := regexp.MustCompile(`(?m)^::error file=` + regexp.QuoteMeta(taskMailbox+tasks[1].id+".result.json") + `,title=squadci resume%3A failed \[CN504\]::.*invalid-result: CN504`)
	unreachable := regexp.MustCompile(`(?m)^::warning file=` + regexp.QuoteMeta(taskMailbox+tasks[2].id+".request.json") + `,title=squadci resume%3A unreachable::`)
	if !bad.MatchString(stdout) || !unreachable.MatchString(stdout) || strings.Count(stdout, "::error ") != 1 {
		t.Errorf("annotations:\n%s", stdout)
	}
	sum, _ := os.ReadFile(summary)
	for _, want := range []string{"## squadci scheduled", "### Poll", "### Resume", "1 awaiting, 1 completed, 1 failed, 1 unreachable; 3 transitions",
		"<code>" + tasks[0].id + "</code> | <code>acme-research-agent</code> | completed | awaiting → completed", "<code>reports/" + tasks[0].id + "/" + tasks[0].id + ".md</code>"} {
		if !strings.Contains(string(sum), want) {
			t.Errorf("summary lacks %q:\n%s", want, sum)
		}
	}
	if strings.Contains(string(sum)+stdout, "SECRET-NARRATIVE") || strings.Contains(string(sum)+stdout, "ARTIFACT-CONTENT") {
		t.Errorf("summary or log carries envelope text")
	}
	if calls := api.take(); len(calls) != 3 {
		t.Errorf("%d notifications, want one per transition (3)", len(calls))
	}
	// Again: nothing to run, nothing changes, nobody is told; the failed
	// task is no longer pending, so the step passes.
	env2, output2, _ := actionEnv(t, map[string]string{"mode": "scheduled", "notify": "dispatch", "github-token": "tok-123"})
	env2 = append(env2, "GITHUB_API_URL="+srv.URL, "PATH="+os.Getenv("PATH"))
	if code, _, stderr := runAction(t, root, env2); code != 0 {
		t.Errorf("second run: exit %d\n%s", code, stderr)
	}
	if outs := readStepOutputs(t, output2); outs["awaiting"] != "1" || outs["completed"] != "0" {
		t.Errorf("second run outputs = %v", outs)
	}
	if calls := api.take(); len(calls) != 0 {
		t.Errorf("second run notified %d times", len(calls))
	}
}

func TestActionPollAndResumeModes(t *testing.T) {
	root := t.TempDir()
	tasks := writeTasks(t, root, 2, func(i int) taskKind { return kindWaiting })
	writeFile(t, root, "adapter.sh", researchAdapter)
	writeFile(t, root, ".squadci.yml", adapterConfig(""))
	env, output, _ := actionEnv(t, map[string]string{"mode": "poll"})
	env = append(env, "PATH="+os.Getenv("PATH"))
	if code, stdout, stderr := runAction(t, root, env); code != 0 || !strings.Contains(stdout, "adapter finished "+tasks[0].id) {
		t.Fatalf("poll: exit %d\n%s\n%s", code, stdout, stderr)
	}
	// The poll checked, not consumed: a resume would complete both.
	if outs := readStepOutputs(t, output); outs["completed"] != "2" || outs["awaiting"] != "0" {
		t.Errorf("poll outputs = %v", outs)
	}
	for _, g := range tasks {
		if b, _ := os.ReadFile(filepath.Join(root, g.statePath())); !bytes.Equal(b, g.state) {
			t.Errorf("poll mode changed the state of %s", g.id)
		}
	}
	env, output, _ = actionEnv(t, map[string]string{"mode": "resume", "fail-level": "none"})
	if code, _, stderr := runAction(t, root, env); code != 0 {
		t.Fatalf("resume: exit %d\n%s", code, stderr)
	}
	if outs := readStepOutputs(t, output); outs["completed"] != "2" || !strings.HasSuffix(outs["report-file"], "squadci-resume.json") {
		t.Errorf("resume outputs = %v", outs)
	}
}

// The summary stays under its limit whatever the number of tasks, and
// says how many rows it left out.
func TestScheduledSummaryLimit(t *testing.T) {
	doc := resumeDocument{Version: 1}
	for i := range 5000 {
		doc.Tasks = append(doc.Tasks, connector.TaskOutcome{TaskDecision: connector.TaskDecision{
			TaskID: fmt.Sprintf("t-%05d|x", i), ConnectorID: "c", Current: "awaiting", Status: "completed", Changed: true,
			Artifacts: []string{strings.Repeat("reports/deep/", 20) + "a.md"}}, Transition: true})
	}
	const limit = 100 << 10
	s := scheduledSummary(scheduledReport{Version: 1, Mode: "resume", Resume: &doc}, limit)
	if len(s) > limit || !strings.Contains(s, "rows omitted") || strings.Contains(s, "t-00000|x") {
		t.Errorf("summary: %d bytes, tail %q", len(s), s[max(0, len(s)-200):])
	}
}

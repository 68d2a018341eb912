package main

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// lintRules runs lint --format json on dir and returns the rule ids found.
func lintRules(t *testing.T, dir string) (int, []string) {
	t.Helper()
	code, out, stderr := run(t, dir, "lint", dir, "--format", "json")
	var rep struct {
		Diagnostics []struct{ Rule string } `json:"diagnostics"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("lint output is not JSON: %v\n%s\n%s", err, out, stderr)
	}
	var rules []string
	for _, d := range rep.Diagnostics {
		rules = append(rules, d.Rule)
	}
	return code, rules
}

func TestConnectorNewThenLint(t *testing.T) {
	for _, kind := range []string{"agent", "orchestrator"} {
		t.Run(kind, func(t *testing.T) {
			dir := t.TempDir()
			code, out, stderr := run(t, dir, "connector", "new", "--id", "acme-research-agent", "--role", "researcher",
				"--kind", kind, "--capability", "Produces source-grounded research.", "--contact", "squad-integrations@example.com")
			if code != exitOK {
				t.Fatalf("new: exit %d\n%s%s", code, out, stderr)
			}
			for _, p := range []string{"connectors/acme-research-agent.json", ".connector-drops/acme-research-agent/README.md",
				".connector-drops/acme-research-agent/examples/example.request.json", ".connector-drops/acme-research-agent/examples/example.result.json"} {
				if !strings.Contains(out, "created "+p) {
					t.Errorf("new did not report %s:\n%s", p, out)
				}
			}
			if code, rules := lintRules(t, dir); code != exitOK || len(rules) != 0 {
				t.Errorf("lint after new: exit %d, findings %v", code, rules)
			}
			// Never over an existing connector.
			before := treeState(t, dir)
			if code, _, stderr := run(t, dir, "connector", "new", "--id", "acme-research-agent", "--role", "researcher",
				"--capability", "x", "--contact", "a@example.com"); code == exitOK {
				t.Errorf("new over an existing connector succeeded: %s", stderr)
			}
			if after := treeState(t, dir); !reflect.DeepEqual(before, after) {
				t.Errorf("a refused new changed the tree")
			}
		})
	}
}

func TestConnectorNewTemplateFailsLint(t *testing.T) {
	dir := t.TempDir()
	if code, out, stderr := run(t, dir, "connector", "new", "--template"); code != exitOK {
		t.Fatalf("new --template: exit %d\n%s%s", code, out, stderr)
	}
	code, rules := lintRules(t, dir)
	if code != exitFindings || !reflect.DeepEqual(rules, []string{"CN121", "CN121", "CN121", "CN121"}) {
		t.Fatalf("lint after new --template: exit %d, findings %v; want four CN121", code, rules)
	}
	_, out, _ := run(t, dir, "lint", dir, "--format", "oneline")
	for _, p := range []string{"REPLACE_CONNECTOR_ID", "REPLACE_CAPABILITY", "REPLACE_ROLE", "REPLACE_CONTACT"} {
		if !strings.Contains(out, p) {
			t.Errorf("lint does not name %s:\n%s", p, out)
		}
	}
}

func TestConnectorNewRefusesBadValues(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"--id", "Acme", "--role", "researcher", "--capability", "x", "--contact", "a@example.com"},
		{"--id", "acme", "--role", "scribe", "--capability", "x", "--contact", "a@example.com"},
		{"--id", "acme", "--role", "researcher", "--capability", "x", "--contact", "nobody"},
		{"--id", "acme", "--role", "researcher"},
		{"--id", "acme", "--role", "researcher", "--capability", "x", "--contact", "a@example.com", "--kind", "robot"},
		{"--id", "acme", "--role", "researcher", "--capability", "x", "--contact", "a@example.com", "--schema-version", "2.0"},
		{"--id", "acme", "--role", "researcher", "--capability", "x", "--contact", "a@example.com", "--kind", "orchestrator", "--schema-version", "1.0"},
	} {
		if code, _, stderr := run(t, dir, append([]string{"connector", "new"}, args...)...); code != exitUsage || !strings.Contains(stderr, "refused") {
			t.Errorf("new %v: exit %d, stderr %q", args, code, stderr)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("refused commands wrote %d entries", len(entries))
	}
}

// newRepo creates a repository with the seed's research agent (1.1 agent)
// and delivery workflow (1.1 orchestrator) connectors.
func newRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, args := range [][]string{
		{"--id", "acme-research-agent", "--role", "researcher", "--capability", "Research.", "--contact", "a@example.com", "--no-adapter"},
		{"--id", "acme-delivery-orchestrator-v3", "--role", "developer", "--kind", "orchestrator", "--capability", "Delivery.", "--contact", "a@example.com", "--no-adapter"},
	} {
		if code, out, stderr := run(t, dir, append([]string{"connector", "new"}, args...)...); code != exitOK {
			t.Fatalf("new: %s%s", out, stderr)
		}
	}
	return dir
}

type dispatched struct{ TaskID, Request, Snapshot, State string }

func dispatch(t *testing.T, dir string, args ...string) dispatched {
	t.Helper()
	code, out, stderr := run(t, dir, append([]string{"connector", "dispatch", "--format", "json"}, args...)...)
	if code != exitOK {
		t.Fatalf("dispatch: exit %d\n%s%s", code, out, stderr)
	}
	var d dispatched
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("dispatch output: %v\n%s", err, out)
	}
	return d
}

var researchArgs = []string{"--connector", "acme-research-agent", "--role", "researcher", "--task", "Research invoice rounding.",
	"--deliverable-root", "reports/research/", "--binding", "research-agent", "--member", "Consumer Research Agent",
	"--squad-root", ".copilot-tracking/squad/"}

type decision struct {
	TaskID, Status, Current, Reason string
	Rules, Artifacts                []string
	Attempts                        int
	Failures                        []struct{ Rule, Path, Message string }
}

func status(t *testing.T, dir string, ids ...string) []decision {
	t.Helper()
	code, out, stderr := run(t, dir, append([]string{"connector", "status", "--format", "json"}, ids...)...)
	if code != exitOK {
		t.Fatalf("status: exit %d\n%s%s", code, out, stderr)
	}
	var rep struct {
		Version int
		Tasks   []decision
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.Version != 1 {
		t.Fatalf("status output: %v\n%s", err, out)
	}
	return rep.Tasks
}

func writeFile(t *testing.T, dir, rel, content string) {
	t.Helper()
	full := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// resultFor writes an adapter's result envelope for a dispatched research task.
func resultFor(d dispatched, role, artifact string) string {
	return `{
  "schemaVersion": "1.1",
  "connectorId": "acme-research-agent",
  "taskId": "` + d.TaskID + `",
  "role": "` + role + `",
  "bindingId": "research-agent",
  "status": "completed",
  "narrative": "Read the calculator and wrote a cited note.",
  "artifacts": [{"path": "` + artifact + `"}],
  "completedAt": "` + time.Now().UTC().Format(time.RFC3339) + `"
}
`
}

func TestConnectorDispatchResultStatus(t *testing.T) {
	dir := newRepo(t)
	good := dispatch(t, dir, researchArgs...)
	bad := dispatch(t, dir, researchArgs...)
	waiting := dispatch(t, dir, researchArgs...)
	if good.TaskID == bad.TaskID {
		t.Fatalf("two dispatches drew the same taskId %s", good.TaskID)
	}
	got := status(t, dir)
	if len(got) != 3 || got[0].Status != "awaiting" || got[0].Attempts != 1 {
		t.Fatalf("status right after dispatch = %+v", got)
	}
	// The adapter's side: artifacts first, then the result.
	writeFile(t, dir, "reports/research/"+good.TaskID+"-note.md", "# Note\n")
	writeFile(t, dir, good.Request[:strings.LastIndex(good.Request, "/")+1]+good.TaskID+".result.json",
		resultFor(good, "researcher", "reports/research/"+good.TaskID+"-note.md"))
	writeFile(t, dir, bad.Request[:strings.LastIndex(bad.Request, "/")+1]+bad.TaskID+".result.json",
		resultFor(bad, "developer", "reports/elsewhere/note.md"))

	byID := map[string]decision{}
	for _, d := range status(t, dir) {
		byID[d.TaskID] = d
	}
	if d := byID[good.TaskID]; d.Status != "completed" || d.Current != "awaiting" ||
		!reflect.DeepEqual(d.Artifacts, []string{"reports/research/" + good.TaskID + "-note.md"}) {
		t.Errorf("good result: %+v", d)
	}
	if d := byID[bad.TaskID]; d.Status != "failed" || d.Reason != "invalid-result" || !reflect.DeepEqual(d.Rules, []string{"CN312", "CN504"}) {
		t.Errorf("bad result: %+v", d)
	} else if len(d.Failures) != 2 || d.Failures[0].Rule != "CN312" || d.Failures[1].Rule != "CN504" ||
		!strings.Contains(d.Failures[1].Message, `role "developer" does not match`) || !strings.HasSuffix(d.Failures[1].Path, ".result.json") {
		t.Errorf("JSON failures carry each rule's message and file: %+v", d.Failures)
	}
	if d := byID[waiting.TaskID]; d.Status != "awaiting" {
		t.Errorf("waiting task: %+v", d)
	}
	// Text output names the decision, each rule id and its message.
	_, out, _ := run(t, dir, "connector", "status", bad.TaskID)
	if !strings.Contains(out, bad.TaskID+"  acme-research-agent  awaiting -> failed (invalid-result: CN312: artifacts[0] path "+
		`"reports/elsewhere/note.md" is not under the request's deliverableRoot "reports/research/"; CN504: role "developer" does not match`) {
		t.Errorf("text status = %q", out)
	}
	if code, _, _ := run(t, dir, "connector", "status", "t-nope"); code != exitUsage {
		t.Errorf("unknown task: exit %d, want %d", code, exitUsage)
	}
}

func TestConnectorDispatchRefusals(t *testing.T) {
	dir := newRepo(t)
	before := treeState(t, dir)
	for name, args := range map[string][]string{
		"unknown connector":      {"--connector", "nope", "--role", "researcher", "--task", "x", "--deliverable-root", "r/"},
		"role not declared":      {"--connector", "acme-research-agent", "--role", "developer", "--task", "x", "--deliverable-root", "r/", "--binding", "b", "--member", "M", "--squad-root", "s/"},
		"1.1 needs binding":      {"--connector", "acme-research-agent", "--role", "researcher", "--task", "x", "--deliverable-root", "r/"},
		"orchestrator outputs":   {"--connector", "acme-delivery-orchestrator-v3", "--role", "developer", "--task", "x", "--deliverable-root", "r/", "--binding", "b", "--member", "M", "--squad-root", "s/"},
		"root in a mailbox":      append(append([]string{}, researchArgs[:6]...), "--deliverable-root", ".connector-drops/x/", "--binding", "b", "--member", "M", "--squad-root", "s/"),
		"unsafe root":            append(append([]string{}, researchArgs[:6]...), "--deliverable-root", "../out/", "--binding", "b", "--member", "M", "--squad-root", "s/"),
		"missing input":          append(append([]string{}, researchArgs...), "--input", "docs/missing.md"),
		"nested output slots":    {"--connector", "acme-delivery-orchestrator-v3", "--role", "developer", "--task", "x", "--deliverable-root", "r/", "--binding", "b", "--member", "M", "--squad-root", "s/", "--output", "a=r/a/", "--output", "b=r/a/b/"},
		"retry cap over the cap": append(append([]string{}, researchArgs...), "--retry-cap", "11"),
	} {
		if code, _, stderr := run(t, dir, append([]string{"connector", "dispatch"}, args...)...); code != exitUsage {
			t.Errorf("%s: exit %d, stderr %q", name, code, stderr)
		}
	}
	if code, _, _ := run(t, dir, "connector", "dispatch", "--connector", "acme-research-agent"); code != exitUsage {
		t.Errorf("missing flags: exit %d, want %d", code, exitUsage)
	}
	if after := treeState(t, dir); !reflect.DeepEqual(before, after) {
		t.Errorf("refused dispatches changed the tree")
	}
	// An orchestrator with its slots dispatches, and its snapshot lists the
	// files already under each root.
	writeFile(t, dir, "reports/delivery/validation/old.md", "# earlier\n")
	d := dispatch(t, dir, "--connector", "acme-delivery-orchestrator-v3", "--role", "developer", "--task", "Implement it.",
		"--deliverable-root", "reports/delivery/", "--binding", "delivery-workflow", "--member", "Consumer Implementation Orchestrator",
		"--squad-root", ".copilot-tracking/squad/", "--output", "implementation=reports/delivery/implementation/",
		"--output", "validation=reports/delivery/validation/")
	snap, err := os.ReadFile(filepath.Join(dir, d.Snapshot))
	if err != nil || strings.Count(string(snap), `"reports/delivery/validation/old.md"`) != 2 {
		t.Errorf("snapshot does not list the existing file under both roots:\n%s", snap)
	}
	// Dispatched tasks are clean.
	if code, rules := lintRules(t, dir); code != exitOK || len(rules) != 0 {
		t.Errorf("lint after dispatch: exit %d, findings %v", code, rules)
	}
}

// treeState records every entry under dir: content, mode and mtime.
func treeState(t *testing.T, dir string) map[string]string {
	t.Helper()
	state := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := os.Lstat(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		v := info.Mode().String() + " " + info.ModTime().Format(time.RFC3339Nano)
		if info.Mode().IsRegular() {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			v += " " + string(data)
		}
		state[rel] = v
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return state
}

// status is side-effect free: the tree is byte-identical after it, mtimes
// and modes included, whatever it decides.
func TestConnectorStatusWritesNothing(t *testing.T) {
	dir := newRepo(t)
	good := dispatch(t, dir, researchArgs...)
	dispatch(t, dir, researchArgs...)
	writeFile(t, dir, "reports/research/note.md", "# Note\n")
	writeFile(t, dir, good.Request[:strings.LastIndex(good.Request, "/")+1]+good.TaskID+".result.json",
		resultFor(good, "researcher", "reports/research/note.md"))
	past := time.Now().Add(-time.Hour)
	if err := filepath.WalkDir(dir, func(p string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Chtimes(p, past, past)
	}); err != nil {
		t.Fatal(err)
	}
	before := treeState(t, dir)
	for _, args := range [][]string{{"connector", "status"}, {"connector", "status", "--format", "json"}, {"connector", "status", good.TaskID}} {
		if code, out, stderr := run(t, dir, args...); code != exitOK {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, stderr)
		}
	}
	if after := treeState(t, dir); !reflect.DeepEqual(before, after) {
		for k, v := range after {
			if before[k] != v {
				t.Errorf("changed: %s", k)
			}
		}
		for k := range before {
			if _, ok := after[k]; !ok {
				t.Errorf("removed: %s", k)
			}
		}
	}
}

// No output format repeats a credential found in a result: not in
// messages, not in the text report's source gutter.
func TestNoSecretInAnyOutput(t *testing.T) {
	const secret = "ghp_0123456789abcdefghijklmnopqrstuvwxyz"
	dir := newRepo(t)
	d := dispatch(t, dir, researchArgs...)
	writeFile(t, dir, "reports/research/note.md", "# Note\n")
	res := strings.Replace(resultFor(d, "researcher", "reports/research/note.md"),
		"Read the calculator", "Deployed with "+secret+" and read the calculator", 1)
	res = strings.Replace(res, `"status"`, `"token": "`+secret+`",`+"\n  \""+secret+`": "x",`+"\n  \"status\"", 1)
	writeFile(t, dir, d.Request[:strings.LastIndex(d.Request, "/")+1]+d.TaskID+".result.json", res)
	for _, format := range []string{"text", "oneline", "json", "jsonl", "sarif", "github"} {
		code, out, stderr := run(t, dir, "lint", dir, "--format", format)
		if code != exitFindings || !strings.Contains(out, "CN010") {
			t.Errorf("%s: exit %d, no CN010 finding:\n%s%s", format, code, out, stderr)
		}
		if strings.Contains(out, secret) || strings.Contains(stderr, secret) || strings.Contains(out, secret[4:20]) {
			t.Errorf("%s output echoes the credential:\n%s", format, out)
		}
	}
	for _, args := range [][]string{{"connector", "status"}, {"connector", "status", "--format", "json"}} {
		_, out, stderr := run(t, dir, args...)
		if strings.Contains(out+stderr, secret) {
			t.Errorf("%v echoes the credential:\n%s", args, out)
		}
	}
}

// status lists pending tasks only; --all adds the finished ones with the
// reason their state records.
func TestConnectorStatusAll(t *testing.T) {
	root, err := filepath.Abs("../../testdata/connector/exchange/ok-lifecycle")
	if err != nil {
		t.Fatal(err)
	}
	const awaiting = "t-c07e5b1d92a46f13  acme-research-agent  awaiting -> "
	finished := []string{
		"t-8d21c4e09a7f3b65  acme-delivery-orchestrator-v3  completed -> completed [unchanged]",
		"t-0b6e2f8a4c1d7e93  acme-research-agent  unreachable -> unreachable (deadline) [unchanged]",
		"t-61f0d3a8b2c9e4d7  acme-research-agent  failed -> failed (producer-failed) [unchanged]",
	}
	_, pending, _ := run(t, root, "connector", "status", "--root", root)
	code, all, stderr := run(t, root, "connector", "status", "--root", root, "--all")
	if code != exitOK || strings.Count(pending, "\n") != 1 || !strings.HasPrefix(pending, awaiting) {
		t.Errorf("without --all only the pending task is listed:\n%s", pending)
	}
	for _, line := range finished {
		if strings.Contains(pending, line) || !strings.Contains(all, line+"\n") {
			t.Errorf("finished task %q: pending\n%s\n--all (exit %d)\n%s%s", line, pending, code, all, stderr)
		}
	}
	if !strings.Contains(all, awaiting) {
		t.Errorf("--all drops the pending task:\n%s", all)
	}
	code, out, _ := run(t, root, "connector", "status", "--root", root, "--all", "--format", "json")
	var rep statusReport
	if err := json.Unmarshal([]byte(out), &rep); code != exitOK || err != nil || len(rep.Tasks) != 4 {
		t.Errorf("--all --format json: exit %d, %v, %d tasks", code, err, len(rep.Tasks))
	}
	if _, out, _ := run(t, t.TempDir(), "connector", "status", "--all"); strings.TrimSpace(out) != "no tasks" {
		t.Errorf("--all without tasks: %q", out)
	}
}

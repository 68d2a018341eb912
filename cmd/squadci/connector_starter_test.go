package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/internal/testtool"
	"github.com/squadci/squadci/lint"
)

// starterEnv puts the squadci built by the test first on PATH, where the
// starter adapter (run through sh) finds it.
func starterEnv(t *testing.T) []string {
	t.Helper()
	return []string{"PATH=" + filepath.Dir(squadciBinary(t)) + string(os.PathListSeparator) + os.Getenv("PATH")}
}

// freshRepo is an empty `git init` directory (a plain one without git:
// nothing below needs git).
func freshRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if _, err := exec.LookPath("git"); err == nil {
		mustGit(t, dir, "init", "-q")
	}
	return dir
}

// The starter adapter completes a first task with no code written by the
// user: connector new, dispatch, poll, resume end completed with the
// receipt as the validated artifact, and lint stays clean.
func TestStarterAdapterCompletesFirstTask(t *testing.T) {
	t.Parallel() // a long scenario that mostly waits on processes: beside the others
	v11 := []string{"--binding", "first-binding", "--member", "First Member", "--squad-root", ".copilot-tracking/squad/"}
	for _, tc := range []struct {
		name     string
		newArgs  []string
		dispatch []string
		receipt  string // the directory the receipt goes to
	}{
		{"agent 1.1", []string{"--kind", "agent"}, append([]string{"--deliverable-root", "reports/research/"}, v11...), "reports/research/"},
		{"agent 1.0", []string{"--schema-version", "1.0"}, []string{"--deliverable-root", "reports/research/"}, "reports/research/"},
		{"orchestrator 1.1", []string{"--kind", "orchestrator"}, append([]string{"--deliverable-root", "reports/delivery/",
			"--output", "report=reports/delivery/report/", "--output", "checks=reports/delivery/checks/"}, v11...), "reports/delivery/report/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, env := freshRepo(t), starterEnv(t)
			newArgs := append([]string{"connector", "new", "--id", "acme-first", "--role", "researcher",
				"--capability", "Does the first task.", "--contact", "a@example.com"}, tc.newArgs...)
			if code, out, stderr := runEnv(t, dir, env, newArgs...); code != exitOK ||
				!strings.Contains(out, "created scripts/acme-first-adapter") || !strings.Contains(out, "created .squadci.yml") {
				t.Fatalf("new: exit %d\n%s%s", code, out, stderr)
			}
			task := "Summarize `docs/` and $(echo not-run); keep \"quotes\" and 'these'."
			d := dispatch(t, dir, append([]string{"--connector", "acme-first", "--role", "researcher", "--task", task}, tc.dispatch...)...)
			if code, out, stderr := runEnv(t, dir, env, "poll", "-v"); code != exitOK || !strings.Contains(out, "result check: completed") {
				t.Fatalf("poll: exit %d\n%s%s", code, out, stderr)
			}
			code, out, stderr := runEnv(t, dir, env, "resume", "--format", "json")
			receipt := tc.receipt + d.TaskID + ".receipt.md"
			if rep := parseResume(t, out); code != exitOK || len(rep.Tasks) != 1 || rep.Tasks[0].Status != connector.StatusCompleted ||
				!reflect.DeepEqual(rep.Tasks[0].Artifacts, []string{receipt}) {
				t.Fatalf("resume: exit %d %+v\n%s", code, rep.Tasks, stderr)
			}
			body, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(receipt)))
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"# " + connector.ReceiptTitle, "`" + d.TaskID + "`", "```text\n" + task + "\n```\n"} {
				if !strings.Contains(string(body), want) {
					t.Errorf("the receipt lacks %q:\n%s", want, body)
				}
			}
			if code, rules := lintRules(t, dir); code != exitOK || len(rules) != 0 {
				t.Errorf("lint after the first task: exit %d, findings %v", code, rules)
			}
		})
	}
}

// The starter is executable POSIX sh that shellcheck accepts, and says in
// its first lines how to replace and remove it.
func TestStarterAdapterScript(t *testing.T) {
	dir := freshRepo(t)
	if code, out, stderr := run(t, dir, "connector", "new", "--id", "acme-first", "--role", "researcher",
		"--capability", "x", "--contact", "a@example.com"); code != exitOK {
		t.Fatalf("new: exit %d\n%s%s", code, out, stderr)
	}
	script := filepath.Join(dir, "scripts", "acme-first-adapter")
	info, err := os.Stat(script)
	if err != nil || info.Mode().Perm() != 0o755 {
		t.Fatalf("the starter: %v, mode %v; want 0755", err, info.Mode())
	}
	src, _ := os.ReadFile(script)
	head := strings.Join(strings.SplitN(string(src), "\n", 10)[:9], "\n")
	for _, want := range []string{"#!/bin/sh", "Replace it", "Remove it", "transport receipt"} {
		if !strings.Contains(head, want) {
			t.Errorf("the starter's first lines lack %q:\n%s", want, head)
		}
	}
	shellcheck := testtool.LookPath(t, "shellcheck", "apt-get install shellcheck")
	if out, err := exec.Command(shellcheck, "-s", "sh", script).CombinedOutput(); err != nil {
		t.Errorf("shellcheck: %v\n%s", err, out)
	}
}

// --no-adapter writes neither the starter nor the configuration.
func TestConnectorNewNoAdapter(t *testing.T) {
	dir := freshRepo(t)
	if code, out, stderr := run(t, dir, "connector", "new", "--id", "acme-first", "--role", "researcher",
		"--capability", "x", "--contact", "a@example.com", "--no-adapter"); code != exitOK {
		t.Fatalf("new: exit %d\n%s%s", code, out, stderr)
	}
	for _, p := range []string{"scripts", ".squadci.yml"} {
		if _, err := os.Lstat(filepath.Join(dir, p)); !os.IsNotExist(err) {
			t.Errorf("--no-adapter wrote %s", p)
		}
	}
}

// A second connector new for the same id refuses without changing any
// file; so does one whose id the configuration maps already.
func TestConnectorNewRefusesMappedID(t *testing.T) {
	args := []string{"connector", "new", "--id", "acme-first", "--role", "researcher", "--capability", "x", "--contact", "a@example.com"}
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, dir string)
		want  string // in stderr
	}{
		{"second new", func(t *testing.T, dir string) {
			if code, out, stderr := run(t, dir, args...); code != exitOK {
				t.Fatalf("new: exit %d\n%s%s", code, out, stderr)
			}
		}, "refused"},
		{"mapped in the config", func(t *testing.T, dir string) {
			writeFile(t, dir, ".github/squadci.yml", "# mine\nversion: 1\nadapters:\n  acme-first:\n    command: [my-endpoint]\n")
		}, ".github/squadci.yml:4:3: adapters.acme-first already maps an adapter"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := freshRepo(t)
			tc.setup(t, dir)
			before := treeState(t, dir)
			if code, _, stderr := run(t, dir, args...); code != exitUsage || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr %q; want exit 2 and %q", code, stderr, tc.want)
			}
			if !reflect.DeepEqual(before, treeState(t, dir)) {
				t.Errorf("a refused new changed the tree")
			}
		})
	}
}

// The configuration is edited, not rewritten: comments and key order
// survive and the new entry comes last.
func TestConnectorNewEditsConfig(t *testing.T) {
	dir := freshRepo(t)
	const mine = "# team settings\nversion: 1\nrules:\n  CN101: warning # loud enough\nadapters:\n  # the old one\n  acme-old:\n    command: [old-endpoint]\n"
	writeFile(t, dir, ".squadci.yml", mine)
	code, out, stderr := run(t, dir, "connector", "new", "--id", "acme-first", "--role", "researcher", "--capability", "x", "--contact", "a@example.com")
	if code != exitOK || !strings.Contains(out, "updated .squadci.yml") {
		t.Fatalf("new: exit %d\n%s%s", code, out, stderr)
	}
	got, _ := os.ReadFile(filepath.Join(dir, ".squadci.yml"))
	want := mine + "  acme-first:\n    command: [sh, scripts/acme-first-adapter]\n    timeout: 10m\n"
	if string(got) != want {
		t.Errorf("edited config:\n%s\nwant:\n%s", got, want)
	}
	cfg, err := lint.ParseConfig(".squadci.yml", got)
	if err != nil || len(cfg.Adapters) != 2 || !reflect.DeepEqual(cfg.Adapters["acme-first"].Command, []string{"sh", "scripts/acme-first-adapter"}) {
		t.Errorf("the edited config reads as %+v (%v)", cfg, err)
	}
}

// connector receipt writes each task's files once and refuses what is not
// a request of this repository, writing nothing.
func TestConnectorReceiptRefusals(t *testing.T) {
	dir := newRepo(t)
	d := dispatch(t, dir, researchArgs...)
	if code, out, stderr := run(t, dir, "connector", "receipt", d.Request); code != exitOK {
		t.Fatalf("receipt: exit %d\n%s%s", code, out, stderr)
	}
	src, _ := os.ReadFile(filepath.Join(dir, d.Request))
	writeFile(t, dir, "copy.request.json", string(src))
	before := treeState(t, dir)
	for _, tc := range []struct {
		request, want string
	}{
		{d.Request, "already exists"},
		{"../elsewhere.request.json", "unsafe"},
		{".connector-drops/acme-research-agent/none.request.json", "no such file"},
		{"connectors/acme-research-agent.json", "not a valid request"},
		{"copy.request.json", "is not .connector-drops/acme-research-agent/"},
	} {
		if code, _, stderr := run(t, dir, "connector", "receipt", tc.request); code == exitOK || !strings.Contains(stderr, tc.want) {
			t.Errorf("receipt %s: exit %d, stderr %q; want %q", tc.request, code, stderr, tc.want)
		}
	}
	if !reflect.DeepEqual(before, treeState(t, dir)) {
		t.Errorf("a refused receipt changed the tree")
	}
}

// The task text is quoted in a fence longer than any backtick run in it.
func TestReceiptQuotesBackticks(t *testing.T) {
	dir := newRepo(t)
	task := "Use ```` fences and ` ticks."
	d := dispatch(t, dir, append(append([]string{}, researchArgs[:4]...), append([]string{"--task", task}, researchArgs[6:]...)...)...)
	if code, out, stderr := run(t, dir, "connector", "receipt", "--format", "json", d.Request); code != exitOK || !strings.Contains(out, `"receipt"`) {
		t.Fatalf("receipt: exit %d\n%s%s", code, out, stderr)
	}
	body, _ := os.ReadFile(filepath.Join(dir, "reports/research", d.TaskID+".receipt.md"))
	if !strings.Contains(string(body), "`````text\n"+task+"\n`````\n") {
		t.Errorf("the task is not fenced as data:\n%s", body)
	}
}

// addAdapterEntry handles every shape an adapters: key can have, and
// what it writes reads back with the new entry.
func TestAddAdapterEntryShapes(t *testing.T) {
	for _, tc := range []struct{ name, src, wantErr string }{
		{"empty file", "", ""},
		{"comment only", "# nothing yet\n", ""},
		{"no adapters", "version: 1\nrules:\n  CN101: warning\n", ""},
		{"null adapters", "version: 1\nadapters:\n", ""},
		{"flow adapters", "version: 1\nadapters: {acme-old: {command: [x]}}\n", ""},
		{"adapters a list", "adapters: [x]\n", "adapters is not a mapping"},
		{"mapped", "adapters:\n  acme-first: {command: [x]}\n", "adapters.acme-first already maps an adapter"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := addAdapterEntry(".squadci.yml", []byte(tc.src), "acme-first", "scripts/acme-first-adapter")
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v; want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			cfg, err := lint.ParseConfig(".squadci.yml", out)
			if err != nil || len(cfg.Adapters["acme-first"].Command) != 2 {
				t.Fatalf("the result does not map acme-first (%v):\n%s", err, out)
			}
			if strings.HasPrefix(tc.src, "#") && !strings.Contains(string(out), "# nothing yet") {
				t.Errorf("the comment was lost:\n%s", out)
			}
		})
	}
}

// TestConnectorNewConfigNamesTheSchema: a .squadci.yml that connector new
// creates starts with the editor line naming its published schema, and
// still reads as the same configuration.
func TestConnectorNewConfigNamesTheSchema(t *testing.T) {
	dir := freshRepo(t)
	code, out, stderr := run(t, dir, "connector", "new", "--id", "acme-first", "--role", "researcher", "--capability", "x", "--contact", "a@example.com")
	if code != exitOK || !strings.Contains(out, "created .squadci.yml") {
		t.Fatalf("new: exit %d\n%s%s", code, out, stderr)
	}
	got, _ := os.ReadFile(filepath.Join(dir, ".squadci.yml"))
	if !strings.HasPrefix(string(got), lint.ConfigSchemaLine) {
		t.Errorf("created config does not start with %q:\n%s", lint.ConfigSchemaLine, got)
	}
	if cfg, err := lint.ParseConfig(".squadci.yml", got); err != nil || len(cfg.Adapters) != 1 {
		t.Errorf("the created config reads as %+v (%v)", cfg, err)
	}
}

package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/squadci/squadci/lsp/lsptest"
)

// utf16Col is the UTF-16 column of the first byte of needle in line.
func utf16Col(t *testing.T, line, needle string) int {
	t.Helper()
	i := strings.Index(line, needle)
	if i < 0 {
		t.Fatalf("%q not in %q", needle, line)
	}
	return len(utf16.Encode([]rune(line[:i])))
}

// TestDiagnosticsAndCrossFileHandoff: an open agent file gets its findings
// at UTF-16 positions with the rule id, docs link and source; renaming the
// agent it hands off to, in the other buffer, unsaved, makes the handoff
// finding appear in the first, and naming it back clears it.
func TestDiagnosticsAndCrossFileHandoff(t *testing.T) {
	dir := agentRepo(t)
	c := startServer(t, Options{})
	c.initialize(dir)
	planner := c.open(filepath.Join(dir, ".github/agents/planner.agent.md"), lsptest.Planner)
	diags := c.diagnostics(planner, "AF102", func(d []Diagnostic) bool { return hasCode(d, "AF102") })
	d := findCode(diags, "AF102")
	if want := (Range{Start: Position{2, 0}, End: Position{2, 11}}); d.Range != want {
		t.Errorf("AF102 range %+v, want %+v", d.Range, want)
	}
	if d.Severity != severityWarning || d.Source != "squadci" || d.CodeDescription == nil || !strings.HasSuffix(d.CodeDescription.Href, "rules.md#af102") {
		t.Errorf("AF102 diagnostic: %+v", d)
	}
	if hasCode(diags, "AF108") {
		t.Errorf("AF108 while builder exists: %+v", diags)
	}
	builder := c.open(filepath.Join(dir, ".github/agents/builder.agent.md"), lsptest.Builder)
	c.change(builder, 2, strings.Replace(lsptest.Builder, "name: builder", "name: constructor", 1))
	diags = c.diagnostics(planner, "AF108 after the rename", func(d []Diagnostic) bool { return hasCode(d, "AF108") })
	line := strings.Split(lsptest.Planner, "\n")[4]
	d = findCode(diags, "AF108")
	col := utf16Col(t, line, "builder")
	if d.Range.Start != (Position{4, col}) || d.Range.End != (Position{4, col + len("builder")}) {
		t.Errorf("AF108 range %+v, want line 4 from UTF-16 column %d", d.Range, col)
	}
	if col == strings.Index(line, "builder") {
		t.Fatal("the fixture has no character wider in UTF-8 than in UTF-16 before the finding")
	}
	c.change(builder, 3, lsptest.Builder)
	c.diagnostics(planner, "AF108 cleared", func(d []Diagnostic) bool { return !hasCode(d, "AF108") && hasCode(d, "AF102") })
	if code := c.exit(true); code != 0 {
		t.Errorf("exit code %d after shutdown, want 0", code)
	}
}

// TestCrossFileRoster: renaming a role in an open team.md makes the
// routing entry naming it a finding in the open routing.md.
func TestCrossFileRoster(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, filepath.Join("..", "testdata", "squadstate", "hve-init"), dir)
	c := startServer(t, Options{})
	c.initialize(dir)
	teamPath := filepath.Join(dir, ".copilot-tracking/squad/team.md")
	team, _ := os.ReadFile(teamPath)
	routingPath := filepath.Join(dir, ".copilot-tracking/squad/routing.md")
	routingText, _ := os.ReadFile(routingPath)
	routing := c.open(routingPath, string(routingText))
	c.diagnostics(routing, "no SS113", func(d []Diagnostic) bool { return !hasCode(d, "SS113") })
	teamURI := c.open(teamPath, string(team))
	c.change(teamURI, 2, strings.Replace(string(team), "| tester     |", "| qa         |", 1))
	diags := c.diagnostics(routing, "SS113", func(d []Diagnostic) bool { return hasCode(d, "SS113") })
	d := findCode(diags, "SS113")
	lines := strings.Split(string(routingText), "\n")
	if d.Range.Start.Line >= len(lines) || !strings.Contains(lines[d.Range.Start.Line], "tester") {
		t.Errorf("SS113 at %+v, not on the tester row", d.Range)
	}
	c.change(teamURI, 3, string(team))
	c.diagnostics(routing, "SS113 cleared", func(d []Diagnostic) bool { return !hasCode(d, "SS113") })
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.Walk(from, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		dst := filepath.Join(to, rel)
		if info.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestCodeActionAndHover: the AF102 finding's fix is offered as a quick
// fix whose edit is --fix's, and hovering it shows AF102's documentation.
func TestCodeActionAndHover(t *testing.T) {
	dir := agentRepo(t)
	c := startServer(t, Options{})
	c.initialize(dir)
	planner := c.open(filepath.Join(dir, ".github/agents/planner.agent.md"), lsptest.Planner)
	d := findCode(c.diagnostics(planner, "AF102", func(d []Diagnostic) bool { return hasCode(d, "AF102") }), "AF102")
	res := c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": planner}, "range": d.Range, "context": map[string]any{"diagnostics": []any{d}}})
	var actions []CodeAction
	if res.Error != nil || json.Unmarshal(res.Result, &actions) != nil {
		t.Fatalf("codeAction: %s %v", res.Result, res.Error)
	}
	if len(actions) != 1 || actions[0].Kind != "quickfix" || actions[0].Edit == nil {
		t.Fatalf("actions: %s", res.Result)
	}
	edits := actions[0].Edit.Changes[planner]
	if len(edits) != 1 || edits[0].NewText != "description" || edits[0].Range != d.Range {
		t.Errorf("edits: %+v", edits)
	}
	res = c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": planner}, "position": Position{2, 3}})
	var h hover
	if res.Error != nil || json.Unmarshal(res.Result, &h) != nil || !strings.Contains(h.Contents.Value, "AF102 agentfile-unknown-key") || !strings.Contains(h.Contents.Value, "rules.md#af102") {
		t.Errorf("hover: %s %v", res.Result, res.Error)
	}
	res = c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": planner}, "position": Position{6, 2}})
	if res.Error != nil || string(res.Result) != "null" {
		t.Errorf("hover off every finding: %s %v", res.Result, res.Error)
	}
	// A stale lint offers nothing: the buffer changed since.
	c.change(planner, 2, "x"+lsptest.Planner)
	res = c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": planner}, "range": d.Range, "context": map[string]any{"diagnostics": []any{}}})
	if res.Error != nil || (string(res.Result) != "[]" && !strings.Contains(string(res.Result), "description")) {
		t.Errorf("codeAction after a change: %s %v", res.Result, res.Error)
	}
}

// TestConfigChange: editing .squadci.yml (an open buffer, unsaved) lints
// the open files again; a broken one is a diagnostic on it, not a crash.
func TestConfigChange(t *testing.T) {
	dir := agentRepo(t)
	c := startServer(t, Options{})
	c.initialize(dir)
	planner := c.open(filepath.Join(dir, ".github/agents/planner.agent.md"), lsptest.Planner)
	c.diagnostics(planner, "AF102", func(d []Diagnostic) bool { return hasCode(d, "AF102") })
	cfg := c.open(filepath.Join(dir, ".squadci.yml"), "rules:\n  AF102: off\n")
	c.diagnostics(planner, "AF102 off", func(d []Diagnostic) bool { return !hasCode(d, "AF102") && hasCode(d, "AF101") })
	c.change(cfg, 2, "rules:\n  AF999: off\n")
	diags := c.diagnostics(cfg, "a config error", func(d []Diagnostic) bool { return len(d) == 1 })
	if diags[0].Severity != severityError || diags[0].Range.Start.Line != 1 {
		t.Errorf("config error diagnostic: %+v", diags[0])
	}
	// On disk, through a watched-file notification.
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": cfg}})
	if err := os.WriteFile(filepath.Join(dir, ".squadci.yml"), []byte("rules:\n  AF101: off\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": fileURI(filepath.Join(dir, ".squadci.yml")), "type": 1}}})
	c.diagnostics(planner, "AF101 off on disk", func(d []Diagnostic) bool { return hasCode(d, "AF102") && !hasCode(d, "AF101") })
}

// TestSeparateRoots: two workspace folders are two repositories: a
// handoff does not resolve to an agent of the other folder, and each
// folder's .squadci.yml applies to its files only.
func TestSeparateRoots(t *testing.T) {
	a := writeRepo(t, map[string]string{".github/agents/planner.agent.md": lsptest.Planner, ".squadci.yml": "rules:\n  AF102: off\n"})
	b := writeRepo(t, map[string]string{".github/agents/builder.agent.md": lsptest.Builder, ".github/agents/other.agent.md": lsptest.Planner})
	c := startServer(t, Options{})
	c.initialize(a, b)
	pa := c.open(filepath.Join(a, ".github/agents/planner.agent.md"), lsptest.Planner)
	da := c.diagnostics(pa, "AF108 in a", func(d []Diagnostic) bool { return hasCode(d, "AF108") })
	if hasCode(da, "AF102") {
		t.Errorf("a's config did not apply: %+v", da)
	}
	pb := c.open(filepath.Join(b, ".github/agents/other.agent.md"), lsptest.Planner)
	db := c.diagnostics(pb, "b's findings", func(d []Diagnostic) bool { return hasCode(d, "AF102") })
	if hasCode(db, "AF108") {
		t.Errorf("b's handoff to its own builder is a finding: %+v", db)
	}
}

package lint

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/report"
)

// writeTree creates files (path → content) under a new temp dir.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, content := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func lintTree(t *testing.T, root string, opts Options) *Result {
	t.Helper()
	if opts.Files == nil {
		opts.Files = &DiskFiles{Root: root, NoGit: true}
	}
	res, err := Lint(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func rulesByPath(fs []report.Finding) map[string][]string {
	m := map[string][]string{}
	for _, f := range fs {
		m[f.Path] = append(m[f.Path], f.Rule)
	}
	return m
}

const goodManifest = `{
  "connectorId": "acme-research-agent",
  "schemaVersion": "1.1",
  "transport": "file",
  "endpointKind": "agent",
  "capabilities": ["Produces source-grounded research."],
  "roles": ["researcher"],
  "dropPath": ".connector-drops/acme-research-agent/",
  "deadlineMinutesDefault": 60,
  "retryCapDefault": 2,
  "contact": "squad-integrations@example.com",
  "version": "1.0.0"
}
`

func TestLintCleanAndBroken(t *testing.T) {
	root := writeTree(t, map[string]string{
		"connectors/good.json":                                 goodManifest,
		"connectors/broken.json":                               "{\"connectorId\": }",
		"docs/not-a-manifest.json":                             "{",
		".connector-drops/acme-research-agent/t1.request.json": "{\"a\":1,\"a\":2}",
		".connector-drops/acme-research-agent/notes.json":      "{",
	})
	res := lintTree(t, root, Options{})
	got := rulesByPath(res.Run.Findings)
	if len(got["connectors/good.json"]) != 0 {
		t.Errorf("good manifest has findings: %v", got["connectors/good.json"])
	}
	if len(got["connectors/broken.json"]) == 0 {
		t.Errorf("broken manifest has no findings")
	}
	if len(got[".connector-drops/acme-research-agent/t1.request.json"]) == 0 {
		t.Errorf("duplicate key in a request was not reported")
	}
	if len(got["docs/not-a-manifest.json"]) != 0 {
		t.Errorf("a JSON file outside discovery was linted")
	}
	if res.Run.Files != 3 {
		t.Errorf("files = %d, want 3", res.Run.Files)
	}
	if res.Internal {
		t.Errorf("internal error reported")
	}
}

func TestLintTooLargeIsNotRead(t *testing.T) {
	root := writeTree(t, map[string]string{"connectors/ok.json": goodManifest})
	f, err := os.Create(filepath.Join(root, "connectors", "huge.json"))
	if err != nil {
		t.Fatal(err)
	}
	// A 2 GB sparse file: reading it would take seconds and 2 GB of memory.
	if err := f.Truncate(2 << 30); err != nil {
		testtool.Unsupported(t, "sparse files", err)
	}
	f.Close()
	res := lintTree(t, root, Options{})
	got := rulesByPath(res.Run.Findings)
	if !reflect.DeepEqual(got["connectors/huge.json"], []string{"SQ002"}) {
		t.Fatalf("findings on huge.json = %v, want [SQ002]", got["connectors/huge.json"])
	}
	f0 := res.Run.Findings[0]
	if !strings.Contains(f0.Message, "2.0 GiB") || f0.Line != 1 || f0.Column != 1 {
		t.Errorf("finding = %+v", f0)
	}
}

func TestLintSymlinkNotFollowed(t *testing.T) {
	root := writeTree(t, map[string]string{"elsewhere/m.json": goodManifest, "connectors/.keep.json": goodManifest})
	if err := os.Symlink(filepath.Join(root, "elsewhere/m.json"), filepath.Join(root, "connectors/link.json")); err != nil {
		testtool.Unsupported(t, "symbolic links", err)
	}
	res := lintTree(t, root, Options{})
	got := rulesByPath(res.Run.Findings)
	if !reflect.DeepEqual(got["connectors/link.json"], []string{"SQ003"}) {
		t.Errorf("symlinked manifest findings = %v, want [SQ003]", got["connectors/link.json"])
	}
}

func TestLintDeterministicAcrossWorkers(t *testing.T) {
	files := map[string]string{}
	for i := 0; i < 40; i++ {
		files[filepath.ToSlash(filepath.Join("connectors", string(rune('a'+i%26))+strings.Repeat("x", i)+".json"))] = "{\"connectorId\": \"Bad Id\", \"x\": 1, \"x\": 2}"
	}
	root := writeTree(t, files)
	one := lintTree(t, root, Options{Workers: 1})
	many := lintTree(t, root, Options{Workers: 8})
	if len(one.Run.Findings) == 0 || !reflect.DeepEqual(one.Run.Findings, many.Run.Findings) {
		t.Fatalf("findings differ between 1 and 8 workers (%d vs %d)", len(one.Run.Findings), len(many.Run.Findings))
	}
}

func TestLintConfigSeverityAndTargets(t *testing.T) {
	root := writeTree(t, map[string]string{
		"connectors/a.json":        "{",
		"connectors/sub/b.json":    "{",
		"legacy/connectors/c.json": "{",
	})
	rule := ""
	res := lintTree(t, root, Options{})
	for _, f := range res.Run.Findings {
		rule = f.Rule
	}
	if rule == "" {
		t.Fatal("no finding on a broken manifest")
	}
	r, _ := diag.Lookup(rule)
	cfg := &Config{
		Include:   []string{"legacy/connectors/*.json"},
		Overrides: []Override{{Paths: []string{"connectors/sub/**"}, Rules: map[string]diag.Severity{r.ID: diag.SeverityNote}}},
	}
	res = lintTree(t, root, Options{Config: cfg})
	sev := map[string]diag.Severity{}
	for _, f := range res.Run.Findings {
		sev[f.Path] = f.Severity
	}
	if sev["connectors/sub/b.json"] != diag.SeverityNote || sev["connectors/a.json"] != r.Severity || sev["legacy/connectors/c.json"] == 0 {
		t.Errorf("severities = %v", sev)
	}
	res = lintTree(t, root, Options{Config: cfg, Targets: []string{"connectors/sub/"}})
	if got := rulesByPath(res.Run.Findings); len(got) != 1 || got["connectors/sub/b.json"] == nil {
		t.Errorf("targets did not narrow: %v", got)
	}
	res = lintTree(t, root, Options{Config: cfg, Disable: []string{r.Name}})
	if len(res.Run.Findings) != 0 {
		t.Errorf("--disable by name left %d findings", len(res.Run.Findings))
	}
	cfg.Rules = map[string]diag.Severity{r.ID: diag.SeverityOff}
	res = lintTree(t, root, Options{Config: &Config{Rules: cfg.Rules}, Enable: []string{r.ID}})
	if len(res.Run.Findings) != 2 {
		t.Errorf("--enable did not restore an off rule: %d findings", len(res.Run.Findings))
	}
	cfg.Rules = nil
	cfg.Exclude = []string{"connectors/**"}
	res = lintTree(t, root, Options{Config: cfg})
	if got := rulesByPath(res.Run.Findings); len(got) != 1 {
		t.Errorf("exclude left %v", got)
	}
	if _, err := Lint(context.Background(), Options{Files: &DiskFiles{Root: root}, Disable: []string{"NOPE1"}}); err == nil {
		t.Errorf("unknown --disable rule was accepted")
	}
}

func TestGuardTurnsPanicIntoFinding(t *testing.T) {
	s := &session{opts: Options{Config: &Config{}}, srcs: map[string][]byte{}}
	s.guard("connectors/x.json", func() { panic("boom") })
	res := s.result(nil, nil)
	if !res.Internal || len(res.Run.Findings) != 1 || res.Run.Findings[0].Rule != "SQ001" {
		t.Fatalf("result = %+v", res)
	}
	if !strings.Contains(res.Run.Findings[0].Message, "boom") {
		t.Errorf("message = %q", res.Run.Findings[0].Message)
	}
	// An internal error cannot be configured away.
	s.opts.Config.Rules = map[string]diag.Severity{"SQ001": diag.SeverityOff}
	if res := s.result(map[string]bool{"SQ001": true}, nil); len(res.Run.Findings) != 1 {
		t.Errorf("internal error was hidden by configuration")
	}
}

func TestLintHonoursGitignore(t *testing.T) {
	testtool.LookPath(t, "git", "apt-get install git")
	root := writeTree(t, map[string]string{
		".gitignore":                  "connectors/generated/\n",
		"connectors/generated/x.json": "{",
		"connectors/a.json":           "{",
	})
	cmd := exec.Command("git", "init", "-q")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	res := lintTree(t, root, Options{Files: &DiskFiles{Root: root}})
	got := rulesByPath(res.Run.Findings)
	if got["connectors/generated/x.json"] != nil || got["connectors/a.json"] == nil {
		t.Errorf("gitignore not honoured: %v", got)
	}
	// Naming an ignored file explicitly still lints it.
	res = lintTree(t, root, Options{Files: &DiskFiles{Root: root}, Targets: []string{"connectors/generated/x.json"}})
	if got := rulesByPath(res.Run.Findings); got["connectors/generated/x.json"] == nil {
		t.Errorf("explicit ignored file not linted: %v", got)
	}
}

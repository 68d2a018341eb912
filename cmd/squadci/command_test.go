package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/rules.md")

// run drives the CLI in-process.
func run(t *testing.T, dir string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	c := &Command{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Dir: dir, Env: []string{"NO_COLOR=1"}}
	code = c.Main(append([]string{"squadci"}, args...))
	return code, out.String(), errb.String()
}

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	writeFiles(t, root, files)
	return root
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

// badManifest has a misspelt action field on line 3, column 3.
var badManifest = strings.Replace(goodManifest, `"transport": "file",`, `"transport": "file",`+"\n  \"comand\": \"python run.py\",", 1)

func TestExitCodes(t *testing.T) {
	clean := writeTree(t, map[string]string{"connectors/a.json": goodManifest})
	dirty := writeTree(t, map[string]string{"connectors/a.json": badManifest})
	badConfig := writeTree(t, map[string]string{"connectors/a.json": goodManifest, ".squadci.yml": "verison: 1\n"})
	tests := []struct {
		name string
		dir  string
		args []string
		want int
	}{
		{"clean", clean, []string{"lint", clean}, 0},
		{"findings", dirty, []string{"lint", dirty}, 1},
		{"fail-level none", dirty, []string{"lint", dirty, "--fail-level", "none"}, 0},
		{"bad config", badConfig, []string{"lint", badConfig}, 2},
		{"bad format", clean, []string{"lint", clean, "--format", "xml"}, 2},
		{"bad flag", clean, []string{"lint", "--nope"}, 2},
		{"bad fail-level", clean, []string{"lint", clean, "--fail-level", "loud"}, 2},
		{"missing path", clean, []string{"lint", "does-not-exist.json"}, 2},
		{"unknown command", clean, []string{"frobnicate"}, 2},
		{"no command", clean, nil, 2},
		{"help", clean, []string{"--help"}, 0},
		{"version", clean, []string{"version"}, 0},
		{"unknown disable", clean, []string{"lint", clean, "--disable", "ZZ999"}, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := run(t, tc.dir, tc.args...)
			if code != tc.want {
				t.Errorf("exit = %d, want %d\nstdout: %s\nstderr: %s", code, tc.want, out, errOut)
			}
		})
	}
	_, _, errOut := run(t, badConfig, "lint", badConfig)
	if !strings.Contains(errOut, `.squadci.yml:1:1: unknown key "verison"`) || !strings.Contains(errOut, `did you mean "version"`) {
		t.Errorf("config error = %q", errOut)
	}
}

func TestLintJSONShape(t *testing.T) {
	dir := writeTree(t, map[string]string{"connectors/a.json": badManifest, "connectors/b.json": goodManifest})
	code, out, _ := run(t, dir, "lint", dir, "--format", "json")
	if code != 1 {
		t.Fatalf("exit = %d", code)
	}
	var doc struct {
		Version int `json:"version"`
		Tool    struct{ Name, Version string }
		Files   int              `json:"files"`
		Diags   []map[string]any `json:"diagnostics"`
		Counts  map[string]int   `json:"counts"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if doc.Version != 1 || doc.Tool.Name != "squadci" || doc.Files != 2 || len(doc.Diags) == 0 {
		t.Fatalf("doc = %+v", doc)
	}
	d := doc.Diags[0]
	for _, key := range []string{"rule", "name", "severity", "path", "line", "column", "endLine", "endColumn", "message", "help", "hint"} {
		if _, ok := d[key]; !ok {
			t.Errorf("diagnostic lacks %q: %v", key, d)
		}
	}
	if d["path"] != "connectors/a.json" || d["line"] != float64(5) || d["column"] != float64(3) || d["endColumn"] != float64(11) {
		t.Errorf("position = %v:%v:%v-%v, want connectors/a.json:5:3-11", d["path"], d["line"], d["column"], d["endColumn"])
	}
	if doc.Counts["error"] != len(doc.Diags) {
		t.Errorf("counts = %v", doc.Counts)
	}
}

func TestLintExtraOutputs(t *testing.T) {
	dir := writeTree(t, map[string]string{"connectors/a.json": badManifest})
	sarif := filepath.Join(t.TempDir(), "out.sarif")
	jsonl := filepath.Join(t.TempDir(), "out.jsonl")
	code, out, _ := run(t, dir, "lint", dir, "--format", "oneline", "--output", "sarif="+sarif, "--output", "jsonl="+jsonl)
	if code != 1 || !strings.Contains(out, "connectors/a.json:5:3: error:") {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	for _, p := range []string{sarif, jsonl} {
		b, err := os.ReadFile(p)
		if err != nil || len(b) == 0 {
			t.Errorf("%s not written: %v", p, err)
		}
	}
	if code, _, _ := run(t, dir, "lint", dir, "--output", "sarif"); code != 2 {
		t.Errorf("--output without FILE accepted")
	}
}

func TestLintFileArgumentsNarrow(t *testing.T) {
	dir := writeTree(t, map[string]string{"connectors/a.json": badManifest, "connectors/b.json": badManifest})
	code, out, _ := run(t, dir, "lint", "connectors/b.json", "--format", "oneline")
	if code != 1 || strings.Contains(out, "\nconnectors/a.json:") || !strings.HasPrefix(out, "connectors/b.json:") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
}

func TestRulesDocUpToDate(t *testing.T) {
	code, out, _ := run(t, "", "rules", "--format", "markdown")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	path := filepath.Join("..", "..", "docs", "rules.md")
	if *update {
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (generate it with: go test ./cmd/squadci -run TestRulesDocUpToDate -update)", err)
	}
	if string(want) != out {
		t.Fatalf("docs/rules.md is stale: run go test ./cmd/squadci -run TestRulesDocUpToDate -update")
	}
}

func TestRulesFormats(t *testing.T) {
	for _, f := range []string{"text", "json", "markdown"} {
		if code, out, _ := run(t, "", "rules", "--format", f); code != 0 || !strings.Contains(out, "SQ001") {
			t.Errorf("rules --format %s: exit %d", f, code)
		}
	}
	if code, _, _ := run(t, "", "rules", "--format", "xml"); code != 2 {
		t.Errorf("rules --format xml accepted")
	}
}

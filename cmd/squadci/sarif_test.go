package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// fixtureRepo gathers every manifest fixture under testdata/ into one
// repository, so one SARIF log covers every manifest rule at once.
func fixtureRepo(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	matches, err := filepath.Glob(filepath.Join("..", "..", "testdata", "connector", "manifest", "*", "*.json"))
	if err != nil || len(matches) == 0 {
		t.Fatalf("no fixtures found: %v", err)
	}
	for _, m := range matches {
		b, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(filepath.Dir(m)) + "-" + filepath.Base(m)
		dst := filepath.Join(root, "connectors", name)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestSARIFConformance lints the fixture corpus and the bundled example and
// runs GitHub's ingestion rules and the SARIF rules over the logs.
func TestSARIFConformance(t *testing.T) {
	tool := testtool.Multitool(t)
	for name, root := range map[string]string{
		"fixtures": fixtureRepo(t),
		"example":  filepath.Join("..", "..", "examples", "acme"),
	} {
		out := filepath.Join(t.TempDir(), name+".sarif")
		code, _, stderr := run(t, "", "lint", root, "--format", "oneline", "--output", "sarif="+out, "--sarif-category", "squadci/"+name)
		if code != 1 {
			t.Fatalf("%s: exit %d (want findings): %s", name, code, stderr)
		}
		var log struct {
			Runs []struct {
				Results []json.RawMessage `json:"results"`
			} `json:"runs"`
		}
		b, _ := os.ReadFile(out)
		if err := json.Unmarshal(b, &log); err != nil || len(log.Runs) != 1 || len(log.Runs[0].Results) == 0 {
			t.Fatalf("%s: SARIF has no results (%v)", name, err)
		}
		if name == "fixtures" && !strings.Contains(string(b), `"artifactChanges"`) {
			t.Errorf("%s: no result carries fixes[] (json-bom.json has a fixable finding)", name)
		}
		problems, output := testtool.ValidateSARIF(t, tool, out)
		if len(problems) > 0 {
			t.Errorf("%s: multitool reports errors:\n%s", name, strings.Join(problems, "\n"))
		}
		t.Logf("%s: %d results; multitool:\n%s", name, len(log.Runs[0].Results), output)
	}
}

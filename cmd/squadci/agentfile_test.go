package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateExport = flag.Bool("update-export", false, "rewrite the agentfile export goldens")

const exportFixtures = "../../testdata/agentfile/export"

// TestAgentfileExportGoldens runs `squadci agentfile export` on every
// fixture: a .json golden is the exact profile (exit 0, nothing on
// stderr), a .err golden the exact refusal (exit 1, no profile bytes).
func TestAgentfileExportGoldens(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(exportFixtures, "*.agent.md"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	dir, err := filepath.Abs(exportFixtures)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			code, stdout, stderr := run(t, dir, "agentfile", "export", name)
			base := filepath.Join(exportFixtures, strings.TrimSuffix(name, ".agent.md"))
			golden, got := base+".json", stdout
			if code != exitOK {
				golden, got = base+".err", stderr
				if code != exitFindings || stdout != "" {
					t.Errorf("refusal: exit %d, %d profile bytes", code, len(stdout))
				}
			} else if stderr != "" {
				t.Errorf("stderr on success: %s", stderr)
			}
			if *updateExport {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("exit %d: %v (run with -update-export)", code, err)
			}
			if got != string(want) {
				t.Errorf("%s differs:\n%s", golden, got)
			}
		})
	}
}

// TestAgentfileExportStable checks the profile is byte-for-byte the same
// across runs, and the greeter's example hash is SHA-256 of the preimage
// the contract quotes.
func TestAgentfileExportStable(t *testing.T) {
	dir, _ := filepath.Abs(exportFixtures)
	_, first, _ := run(t, dir, "agentfile", "export", "greeter.agent.md")
	for range 3 {
		if _, again, _ := run(t, dir, "agentfile", "export", filepath.Join(dir, "greeter.agent.md")); again != first {
			t.Fatal("export differs between runs")
		}
	}
	var p struct {
		Examples []struct {
			SHA256 string `json:"sha256"`
		} `json:"examples"`
	}
	if err := json.Unmarshal([]byte(first), &p); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(`{"id":"greeting","input":"Ada","assertions":[{"id":"greeting-text","type":"contains","value":"Hello, Ada"}]}`))
	if len(p.Examples) != 1 || p.Examples[0].SHA256 != hex.EncodeToString(sum[:]) {
		t.Errorf("example hash %+v", p.Examples)
	}
	if !bytes.HasSuffix([]byte(first), []byte("}\n")) {
		t.Error("no final newline")
	}
}

func TestAgentfileExportUsage(t *testing.T) {
	dir, _ := filepath.Abs(exportFixtures)
	cases := []struct {
		args []string
		want int
	}{
		{[]string{"agentfile"}, exitUsage},
		{[]string{"agentfile", "frobnicate"}, exitUsage},
		{[]string{"agentfile", "export"}, exitUsage},
		{[]string{"agentfile", "export", "a.agent.md", "b.agent.md"}, exitUsage},
		{[]string{"agentfile", "export", "--nope", "a.agent.md"}, exitUsage},
		{[]string{"agentfile", "--help"}, exitOK},
		{[]string{"agentfile", "export", "missing.agent.md"}, exitUsage},
		{[]string{"agentfile", "export", "../export/greeter.agent.md"}, exitUsage},
	}
	for _, tc := range cases {
		if code, _, stderr := run(t, dir, tc.args...); code != tc.want {
			t.Errorf("%v: exit %d, want %d (%s)", tc.args, code, tc.want, stderr)
		}
	}
	_, _, stderr := run(t, dir, "agentfile", "export", "../export/greeter.agent.md")
	if !strings.Contains(stderr, "path contains a '..' segment") {
		t.Errorf("'..' not refused before cleaning: %s", stderr)
	}
}

// TestAgentfileExportListsEveryRefusal: a file missing several export
// requirements gets all of them on stderr at once, each with position and
// repair, exit 1 and no profile bytes.
func TestAgentfileExportListsEveryRefusal(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(exportFixtures, "greeter.agent.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	text = text[:strings.Index(text, "## Model")] + "## Tools\n- ping\n"
	dir := writeTree(t, map[string]string{"x.agent.md": text})
	code, stdout, stderr := run(t, dir, "agentfile", "export", "x.agent.md")
	want := "squadci: x.agent.md:1:1: Model.Preferred: export requires an explicit authored model (author one exact model id; preview defaults and picker choices are not export provenance)\n" +
		"squadci: x.agent.md:16:1: Tools: the run profile carries no tools; export refuses tool declarations rather than dropping them (export a tool-free agent)\n" +
		"squadci: x.agent.md:1:1: examples: No tests yet — add or suggest one (export requires at least one test)\n"
	if code != exitFindings || stdout != "" || stderr != want {
		t.Errorf("exit %d, %d profile bytes, stderr:\n%s\nwant:\n%s", code, len(stdout), stderr, want)
	}
	code, _, stderr = run(t, dir, "agentfile", "export", "missing.agent.md")
	if code != exitUsage || stderr != "squadci: missing.agent.md:1:1: file does not exist (check the path)\n" {
		t.Errorf("missing file: exit %d %q", code, stderr)
	}
}

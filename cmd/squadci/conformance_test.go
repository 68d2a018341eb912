package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// conformanceRepo is a repository with connector acme-conf and its
// starter adapter, made by `connector new` with the given flags.
func conformanceRepo(t testing.TB, newArgs ...string) string {
	t.Helper()
	dir := t.TempDir()
	c, out, stderr := runTB(t, dir, nil, append([]string{"connector", "new", "--id", "acme-conf", "--role", "researcher",
		"--capability", "Researches things.", "--contact", "a@example.com"}, newArgs...)...)
	if c != exitOK {
		t.Fatalf("connector new: exit %d\n%s%s", c, out, stderr)
	}
	return dir
}

// conformanceEnv puts the squadci the tests build on PATH (the starter
// runs it) and keeps the scenario trees under a test directory.
func conformanceEnv(t testing.TB) []string {
	t.Helper()
	return []string{"PATH=" + filepath.Dir(squadciBinary(t)) + string(os.PathListSeparator) + os.Getenv("PATH"),
		"HOME=" + os.Getenv("HOME"), "TMPDIR=" + t.TempDir()}
}

func runTB(t testing.TB, dir string, env []string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb strings.Builder
	c := &Command{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Dir: dir, Env: append([]string{"NO_COLOR=1"}, env...)}
	code := c.Main(append([]string{"squadci"}, args...))
	return code, out.String(), errb.String()
}

// conformanceJSON runs the suite with --format json.
func conformanceJSON(t testing.TB, dir string, env []string, args ...string) (int, conformanceDocument, string) {
	t.Helper()
	code, out, stderr := runTB(t, dir, env, append([]string{"connector", "conformance", "--connector", "acme-conf", "--format", "json"}, args...)...)
	var doc conformanceDocument
	if code == exitOK || code == exitFindings {
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("exit %d, not JSON: %v\n%s%s", code, err, out, stderr)
		}
	}
	return code, doc, stderr
}

// digestTree is every file and directory below dir with its mode and bytes.
func digestTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		info, err := d.Info()
		if err != nil {
			return err
		}
		v := info.Mode().String()
		if info.Mode().IsRegular() {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			sum := sha256.Sum256(b)
			v += " " + hex.EncodeToString(sum[:]) + " " + info.ModTime().String()
		}
		out[rel] = v
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// The starter adapters `connector new` writes pass every scenario that
// applies (fan-out applies to the orchestrator only), and the working tree
// is byte-identical after the run.
func TestConformanceStarterPasses(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		args    []string
		fanOut  string
		version string
	}{
		{"agent 1.1", []string{"--kind", "agent"}, verdictNotApplicable, "1.1"},
		{"agent 1.0", []string{"--schema-version", "1.0"}, verdictNotApplicable, "1.0"},
		{"orchestrator 1.1", []string{"--kind", "orchestrator"}, verdictPassed, "1.1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := conformanceRepo(t, tc.args...)
			before := digestTree(t, dir)
			code, doc, stderr := conformanceJSON(t, dir, conformanceEnv(t))
			if code != exitOK || len(doc.Scenarios) != len(conformanceScenarios) || doc.SchemaVersion != tc.version {
				t.Fatalf("exit %d, %d scenarios (version %s)\n%+v\n%s", code, len(doc.Scenarios), doc.SchemaVersion, doc.Scenarios, stderr)
			}
			items := map[int]bool{}
			for _, r := range doc.Scenarios {
				want := verdictPassed
				if r.Scenario == "fan-out" {
					want = tc.fanOut
				}
				if r.Verdict != want || r.Message == "" {
					t.Errorf("%s: %s, want %s: %s %+v", r.Scenario, r.Verdict, want, r.Message, r.Evidence)
				}
				items[r.Item] = true
			}
			if len(items) != len(checklist) {
				t.Errorf("the scenarios cover %d checklist items of %d", len(items), len(checklist))
			}
			after := digestTree(t, dir)
			for p, v := range before {
				if after[p] != v {
					t.Errorf("the working tree changed: %s %q → %q", p, v, after[p])
				}
			}
			for p := range after {
				if _, ok := before[p]; !ok {
					t.Errorf("the working tree gained %s", p)
				}
			}
		})
	}
}

func TestConformanceUsage(t *testing.T) {
	dir := conformanceRepo(t)
	for _, tc := range []struct {
		args []string
		says string
	}{
		{nil, "--connector is required"},
		{[]string{"--connector", "acme-conf", "--format", "xml"}, `invalid --format "xml"`},
		{[]string{"--connector", "acme-conf", "--scenario", "replays"}, `unknown --scenario "replays"`},
		{[]string{"--connector", "nobody"}, `declares connectorId "nobody" (manifests: acme-conf)`},
		{[]string{"--connector", "acme-conf", "--"}, "nothing after --"},
		{[]string{"--connector", "acme-conf", "extra"}, "takes no arguments before --"},
		{[]string{"--connector", "acme-conf", "--", "./no-such-adapter"}, "no such file"},
	} {
		code, out, stderr := runTB(t, dir, nil, append([]string{"connector", "conformance"}, tc.args...)...)
		if code != exitUsage || out != "" || !strings.Contains(stderr, tc.says) {
			t.Errorf("%v: exit %d, want 2 saying %q\n%s%s", tc.args, code, tc.says, out, stderr)
		}
	}
}

// Each known-bad adapter in testdata/conformance/ (the starter plus one
// violation) fails exactly the scenario of its checklist item, with a
// message and evidence; every other scenario passes or does not apply.
func TestConformanceKnownBadAdapters(t *testing.T) {
	t.Parallel()
	for _, sc := range conformanceScenarios {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel()
			var args []string
			if sc.name == "fan-out" {
				args = []string{"--kind", "orchestrator"}
			}
			dir := conformanceRepo(t, args...)
			script, err := os.ReadFile(filepath.Join("testdata", "conformance", sc.name+".sh"))
			if err != nil {
				t.Fatal(err)
			}
			writeFiles(t, dir, map[string]string{"scripts/bad.sh": string(script)})
			if sc.name == "manifest-clean" {
				manifest := filepath.Join(dir, "connectors", "acme-conf.json")
				b, err := os.ReadFile(manifest)
				if err != nil {
					t.Fatal(err)
				}
				bad := strings.Replace(string(b), "{", `{"command": "scripts/bad.sh",`, 1)
				if err := os.WriteFile(manifest, []byte(bad), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			code, doc, stderr := conformanceJSON(t, dir, conformanceEnv(t), "--", "sh", "scripts/bad.sh")
			if code != exitFindings {
				t.Fatalf("exit %d, want 1\n%s", code, stderr)
			}
			for _, r := range doc.Scenarios {
				switch {
				case r.Scenario == sc.name:
					if r.Verdict != verdictFailed || r.Message == "" || len(r.Evidence) == 0 || r.Evidence[0].File == "" {
						t.Errorf("%s: %s %q %+v, want failed with a message and evidence", r.Scenario, r.Verdict, r.Message, r.Evidence)
					}
					t.Logf("%s: %s %+v", r.Scenario, r.Message, r.Evidence)
				case r.Verdict == verdictFailed:
					t.Errorf("%s also failed: %s %+v", r.Scenario, r.Message, r.Evidence)
				}
			}
		})
	}
}

// BenchmarkConformanceStarter: the whole suite on the starter adapter of
// `connector new` (goal: under 30 s), beside one scenario (pickup) as the
// baseline of the same run.
func BenchmarkConformanceStarter(b *testing.B) {
	dir := conformanceRepo(b)
	env := conformanceEnv(b)
	for _, bc := range []struct {
		name string
		args []string
	}{{"suite", nil}, {"pickup-only", []string{"--scenario", "pickup"}}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				code, _, stderr := runTB(b, dir, env, append([]string{"connector", "conformance", "--connector", "acme-conf"}, bc.args...)...)
				if code != exitOK {
					b.Fatalf("exit %d\n%s", code, stderr)
				}
			}
		})
	}
}

// --scenario runs one scenario; --keep leaves its tree, a copy of the
// connector files plus what the scenario and the adapter wrote, in
// DIR/<scenario>/; a --keep directory that is not empty is refused.
func TestConformanceScenarioAndKeep(t *testing.T) {
	t.Parallel()
	dir := conformanceRepo(t)
	keep := filepath.Join(t.TempDir(), "trees")
	code, doc, stderr := conformanceJSON(t, dir, conformanceEnv(t), "--scenario", "pickup", "--keep", keep)
	if code != exitOK || len(doc.Scenarios) != 1 || doc.Scenarios[0].Scenario != "pickup" || doc.Scenarios[0].Tree != filepath.Join(keep, "pickup") {
		t.Fatalf("exit %d %+v\n%s", code, doc.Scenarios, stderr)
	}
	for _, rel := range []string{"connectors/acme-conf.json", ".squadci.yml", "scripts/acme-conf-adapter"} {
		if _, err := os.Stat(filepath.Join(keep, "pickup", filepath.FromSlash(rel))); err != nil {
			t.Errorf("the kept tree lacks %s: %v", rel, err)
		}
	}
	results, _ := filepath.Glob(filepath.Join(keep, "pickup", ".connector-drops", "acme-conf", "*.result.json"))
	if len(results) != 1 {
		t.Errorf("the kept tree has %d results, want the pickup's one", len(results))
	}
	if code, out, stderr := runTB(t, dir, nil, "connector", "conformance", "--connector", "acme-conf", "--keep", keep); code != exitUsage || !strings.Contains(stderr, "is not empty") {
		t.Errorf("a used --keep: exit %d\n%s%s", code, out, stderr)
	}
}

// A canary the adapter writes encoded (base64 of the passed value, into an
// artifact) is found as a poll finds it (CN324).
func TestConformanceCanaryEncoded(t *testing.T) {
	t.Parallel()
	dir := conformanceRepo(t)
	writeFiles(t, dir, map[string]string{"scripts/b64.sh": `#!/bin/sh
set -eu
for request do :; done
squadci connector receipt --root . -- "$request" >/dev/null
f=$(find . -name "$SQUADCI_TASK_ID.receipt.md")
if [ -n "$f" ] && [ -n "${CONFORMANCE_CANARY_TOKEN:-}" ]; then printf '%s' "$CONFORMANCE_CANARY_TOKEN" | base64 >>"$f"; fi
`})
	code, doc, stderr := conformanceJSON(t, dir, conformanceEnv(t), "--scenario", "canary-secrets", "--", "sh", "scripts/b64.sh")
	if code != exitFindings || len(doc.Scenarios) != 1 || doc.Scenarios[0].Verdict != verdictFailed ||
		len(doc.Scenarios[0].Evidence) != 1 || doc.Scenarios[0].Evidence[0].Rule != "CN324" {
		t.Fatalf("exit %d %+v\n%s", code, doc.Scenarios, stderr)
	}
	if strings.Contains(doc.Scenarios[0].Message+doc.Scenarios[0].Evidence[0].Message, "ghp_") {
		t.Errorf("the report shows a canary value: %+v", doc.Scenarios[0])
	}
}

// An adapter that outlives its timeout (adapters.<id>.timeout, here 1 s)
// is stopped with its process group, as poll stops it, and its scenario
// fails saying so.
func TestConformanceAdapterTimeout(t *testing.T) {
	t.Parallel()
	dir := conformanceRepo(t)
	writeFiles(t, dir, map[string]string{
		"scripts/slow.sh": "#!/bin/sh\nsleep 30 &\nwait\n",
		".squadci.yml":    "version: 1\nadapters:\n  acme-conf:\n    command: [sh, scripts/slow.sh]\n    timeout: 1s\n",
	})
	start := time.Now()
	code, doc, stderr := conformanceJSON(t, dir, conformanceEnv(t), "--scenario", "pickup")
	if code != exitFindings || len(doc.Scenarios) != 1 || !strings.Contains(doc.Scenarios[0].Message, "stopped at its timeout of 1s") {
		t.Fatalf("exit %d %+v\n%s", code, doc.Scenarios, stderr)
	}
	if d := time.Since(start); d > 15*time.Second {
		t.Errorf("the run took %s; the adapter's timeout is 1 s", d)
	}
}

// An adapter whose own folder is the scenarios' deliverable root is
// refused as poll would refuse it (CN218): a configuration error, exit 2.
func TestConformanceProtectedRoot(t *testing.T) {
	dir := conformanceRepo(t)
	writeFiles(t, dir, map[string]string{"reports/conformance/adapter.sh": "#!/bin/sh\nexit 0\n"})
	code, out, stderr := runTB(t, dir, conformanceEnv(t), "connector", "conformance", "--connector", "acme-conf", "--scenario", "pickup", "--", "sh", "reports/conformance/adapter.sh")
	if code != exitUsage || !strings.Contains(stderr, "the folder of the adapter command") {
		t.Errorf("exit %d, want 2\n%s%s", code, out, stderr)
	}
}

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// adoptManifest is goodManifest with its own connectorId and its
// capabilities one per line: each `5` element is a CN104 finding whose
// fingerprint is the same as any other `5,` line's.
func adoptManifest(id string, capabilities ...string) string {
	m := strings.ReplaceAll(goodManifest, "acme-research-agent", id)
	block := "\"capabilities\": [\n"
	for _, c := range capabilities {
		block += "    " + c + ",\n"
	}
	block += "    \"Produces source-grounded research.\"\n  ],"
	return strings.Replace(m, `"capabilities": ["Produces source-grounded research."],`, block, 1)
}

// commitAll commits the whole work tree of a test repository.
func commitAll(t *testing.T, dir, msg string) {
	t.Helper()
	mustGit(t, dir, "add", "-A")
	mustGit(t, dir, "commit", "-q", "-m", msg)
}

// commitBaseAndBranch commits the tree as the base of a pull request,
// checks out a feature branch from it and returns the base commit.
func commitBaseAndBranch(t *testing.T, dir string) string {
	t.Helper()
	commitAll(t, dir, "base")
	base, err := gitIn(t, dir, "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	mustGit(t, dir, "checkout", "-q", "-b", "feature")
	return strings.TrimSpace(base)
}

// lintJSON runs lint with --format json and returns the exit code, the
// diagnostics as "path:line:RULE" and stderr.
func lintJSON(t *testing.T, dir string, args ...string) (int, []string, string) {
	t.Helper()
	code, out, errs := run(t, dir, append([]string{"lint", "--format", "json"}, args...)...)
	var doc struct {
		Diagnostics []struct {
			Rule, Path string
			Line       int
		}
	}
	if code < 2 {
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("json output: %v\n%s\n%s", err, out, errs)
		}
	}
	var got []string
	for _, d := range doc.Diagnostics {
		got = append(got, d.Path+":"+itoa(d.Line)+":"+d.Rule)
	}
	return code, got, errs
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func sameList(got []string, want ...string) bool {
	return strings.Join(got, " ") == strings.Join(want, " ")
}

// TestBaselineSurvivesMovedLines: a finding recorded in the baseline stays
// matched when lines above it are inserted or deleted; a second identical
// mistake is new; a mistake fixed is reported as a fixed entry.
func TestBaselineSurvivesMovedLines(t *testing.T) {
	dir := newGitRepo(t, map[string]string{"connectors/a.json": adoptManifest("acme", "5")})
	commitAll(t, dir, "one finding")
	if code, _, errs := run(t, dir, "lint", "--write-baseline", "baseline.json"); code != 0 ||
		!strings.Contains(errs, "wrote 1 finding (1 entry) to baseline.json") {
		t.Fatalf("write-baseline = %d\n%s", code, errs)
	}
	written, err := os.ReadFile(filepath.Join(dir, "baseline.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(written), "{\"version\": 2, \"tool\": \"squadci\",\n \"findings\": [\n  {\"rule\": \"CN104\", \"path\": \"connectors/a.json\", ") ||
		!strings.HasSuffix(string(written), "\"count\": 1}\n ]}\n") {
		t.Errorf("baseline file:\n%s", written)
	}
	run(t, dir, "lint", "--write-baseline", "again.json")
	if again, _ := os.ReadFile(filepath.Join(dir, "again.json")); string(again) != string(written) {
		t.Errorf("a second write differs:\n%s", again)
	}

	moved := map[string]string{
		"inserted above": strings.Replace(adoptManifest("acme", "5"), "{\n", "{\n\n\n\n", 1),
		"deleted above":  strings.Replace(adoptManifest("acme", "5"), "  \"schemaVersion\": \"1.1\",\n", "  \"schemaVersion\": \"1.1\", \"transport\": \"file\",\n", 1),
	}
	moved["deleted above"] = strings.Replace(moved["deleted above"], "  \"transport\": \"file\",\n", "", 1)
	for name, content := range moved {
		writeFiles(t, dir, map[string]string{"connectors/a.json": content})
		code, got, errs := lintJSON(t, dir, "--baseline", "baseline.json")
		if code != 0 || len(got) != 0 || strings.Contains(errs, "fixed") {
			t.Errorf("%s: code %d, findings %v\n%s", name, code, got, errs)
		}
	}

	writeFiles(t, dir, map[string]string{"connectors/a.json": adoptManifest("acme", "5", "5")})
	if code, got, _ := lintJSON(t, dir, "--baseline", "baseline.json"); code != 1 || !sameList(got, "connectors/a.json:8:CN104") {
		t.Errorf("a second identical mistake: code %d, findings %v", code, got)
	}

	writeFiles(t, dir, map[string]string{"connectors/a.json": adoptManifest("acme")})
	code, stdout, errs := run(t, dir, "lint", "--baseline", "baseline.json")
	if code != 0 || stdout != "" || !strings.Contains(errs, "squadci: 1 baseline entry is fixed; `--write-baseline` to drop them\n") ||
		!strings.Contains(errs, "squadci: the baseline baseline.json hid 0 findings\n") {
		t.Errorf("fixed entry: code %d\n%s\n%s", code, stdout, errs)
	}
}

// TestBaselineFromConfig: baseline: in .squadci.yml is relative to the
// root; a missing or invalid baseline is a usage error with its position.
func TestBaselineFromConfig(t *testing.T) {
	dir := newGitRepo(t, map[string]string{
		"connectors/a.json": adoptManifest("acme", "5"),
		".squadci.yml":      "version: 1\nbaseline: .github/squadci-baseline.json\n",
	})
	if code, _, errs := run(t, dir, "lint", "--write-baseline", ".github/squadci-baseline.json"); code != 2 ||
		!strings.Contains(errs, "writing baseline") {
		t.Errorf("writing into a missing directory: %d %s", code, errs)
	}
	if code, _, errs := run(t, dir, "lint"); code != 2 ||
		!strings.Contains(errs, "squadci: .github/squadci-baseline.json: cannot read baseline: no such file or directory") {
		t.Errorf("missing baseline: code %d\n%s", code, errs)
	}
	if err := os.MkdirAll(filepath.Join(dir, ".github"), 0o755); err != nil {
		t.Fatal(err)
	}
	if code, _, _ := run(t, dir, "lint", "--write-baseline", ".github/squadci-baseline.json"); code != 0 {
		t.Fatalf("write-baseline = %d", code)
	}
	sub := filepath.Join(dir, "connectors")
	if code, got, errs := lintJSON(t, sub); code != 0 || len(got) != 0 {
		t.Errorf("config baseline from a subdirectory: code %d, findings %v\n%s", code, got, errs)
	}
	writeFiles(t, dir, map[string]string{"bad.json": "{\"version\": 1, \"tool\": \"squadci\", \"findings\": [{\"rule\": \"CN104\"}]}\n"})
	if code, _, errs := run(t, dir, "lint", "--baseline", "bad.json"); code != 2 ||
		!strings.Contains(errs, "squadci: bad.json:1:48: findings[0].path must be a non-empty string") {
		t.Errorf("bad baseline: code %d\n%s", code, errs)
	}
	if code, _, errs := run(t, dir, "lint", "--write-baseline", "x.json", "--baseline", "bad.json"); code != 2 ||
		!strings.Contains(errs, "--write-baseline records every finding") {
		t.Errorf("--write-baseline with --baseline: code %d\n%s", code, errs)
	}
}

// TestNewFromRev: only findings on lines changed since REV, every finding
// of a file new since REV, and a cross-file finding whose other file
// changed; a renamed file keeps only its changed lines; an unresolvable
// REV is a usage error naming it.
func TestNewFromRev(t *testing.T) {
	dir := newGitRepo(t, map[string]string{
		"connectors/a.json":   adoptManifest("alpha", "5"),
		"connectors/b.json":   adoptManifest("beta"),
		"connectors/old.json": adoptManifest("gamma", "5"),
	})
	commitAll(t, dir, "base")
	mustGit(t, dir, "mv", "connectors/old.json", "connectors/renamed.json")
	writeFiles(t, dir, map[string]string{
		"connectors/a.json": adoptManifest("beta", "5", "true"), // now duplicates b.json's id; a new mistake on line 8
		"connectors/c.json": adoptManifest("delta", "5"),        // untracked: wholly new
	})
	code, got, errs := lintJSON(t, dir, "--new-from-rev", "HEAD")
	want := []string{
		"connectors/a.json:8:CN104",  // the new mistake; the old one on line 7 is unchanged
		"connectors/b.json:2:CN122",  // b.json is unchanged, but the id it duplicates (a.json's) changed
		"connectors/b.json:10:CN123", // the same for the mailbox a.json now shares
		"connectors/c.json:7:CN104",  // a new file reports everything
	}
	if code != 1 || !sameList(got, want...) {
		t.Errorf("--new-from-rev HEAD: code %d\n got %v\nwant %v\n%s", code, got, want, errs)
	}
	code, _, errs = run(t, dir, "lint", "--new-from-rev", "HEAD")
	if code != 1 || !strings.Contains(errs, "squadci: 2 findings already present at HEAD not shown\n") {
		t.Errorf("text summary: code %d\n%s", code, errs)
	}

	// Neither b.json nor the lines of a.json its findings point at change:
	// only a.json's own changed line is reported.
	commitAll(t, dir, "second")
	writeFiles(t, dir, map[string]string{"connectors/a.json": adoptManifest("beta", "5", "false")})
	if code, got, _ := lintJSON(t, dir, "--new-from-rev", "HEAD"); code != 1 || !sameList(got, "connectors/a.json:8:CN104") {
		t.Errorf("unrelated change: code %d, findings %v", code, got)
	}

	if code, _, errs := run(t, dir, "lint", "--new-from-rev", "no-such-rev"); code != 2 ||
		!strings.Contains(errs, `squadci: --new-from-rev: git cannot resolve "no-such-rev" to a commit`) {
		t.Errorf("bad REV: code %d\n%s", code, errs)
	}
	plain := t.TempDir()
	writeFiles(t, plain, map[string]string{"connectors/a.json": adoptManifest("alpha", "5")})
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(plain))
	if code, _, errs := run(t, plain, "lint", "--new-from-rev", "HEAD"); code != 2 ||
		!strings.Contains(errs, "squadci: --new-from-rev: needs a git repository, and ") {
		t.Errorf("outside git: code %d\n%s", code, errs)
	}
}

// TestBaselineAndNewFromRev: the two compose; the baseline is applied
// first, so its entries on unchanged lines are not called fixed.
func TestBaselineAndNewFromRev(t *testing.T) {
	dir := newGitRepo(t, map[string]string{
		"connectors/a.json": adoptManifest("alpha", "5"),
		"connectors/b.json": adoptManifest("beta", "5"),
	})
	commitAll(t, dir, "base")
	if code, _, _ := run(t, dir, "lint", "--write-baseline", "baseline.json"); code != 0 {
		t.Fatal("write-baseline failed")
	}
	writeFiles(t, dir, map[string]string{"connectors/a.json": adoptManifest("alpha", "5", "5", "true")})
	code, got, errs := lintJSON(t, dir, "--baseline", "baseline.json", "--new-from-rev", "HEAD")
	if code != 1 || !sameList(got, "connectors/a.json:8:CN104", "connectors/a.json:9:CN104") || strings.Contains(errs, "fixed") {
		t.Errorf("composed: code %d, findings %v\n%s", code, got, errs)
	}
}

// TestNewFromRevStaged: with --staged the diff is of the index, so a
// mistake only in the work tree is not reported.
func TestNewFromRevStaged(t *testing.T) {
	dir := newGitRepo(t, map[string]string{"connectors/a.json": adoptManifest("alpha", "5")})
	commitAll(t, dir, "base")
	writeFiles(t, dir, map[string]string{"connectors/a.json": adoptManifest("alpha", "5", "true")})
	mustGit(t, dir, "add", "connectors/a.json")
	writeFiles(t, dir, map[string]string{"connectors/a.json": adoptManifest("alpha", "5", "true", "null")})
	if code, got, errs := lintJSON(t, dir, "--staged", "--new-from-rev", "HEAD"); code != 1 || !sameList(got, "connectors/a.json:8:CN104") {
		t.Errorf("staged: code %d, findings %v\n%s", code, got, errs)
	}
	if code, got, _ := lintJSON(t, dir, "--new-from-rev", "HEAD"); code != 1 || !sameList(got, "connectors/a.json:8:CN104", "connectors/a.json:9:CN104") {
		t.Errorf("work tree: code %d, findings %v", code, got)
	}
}

// TestBaselineStagedFromIndex: with --staged the config's baseline is read
// from the index, as the config is.
func TestBaselineStagedFromIndex(t *testing.T) {
	dir := newGitRepo(t, map[string]string{
		"connectors/a.json": adoptManifest("alpha", "5"),
		".squadci.yml":      "version: 1\nbaseline: b.json\n",
	})
	if code, _, errs := run(t, dir, "lint", "--write-baseline", "b.json"); code != 0 {
		t.Fatalf("write-baseline: %d %s", code, errs)
	}
	mustGit(t, dir, "add", "-A")
	writeFiles(t, dir, map[string]string{"b.json": "{\"version\": 2, \"tool\": \"squadci\",\n \"findings\": []}\n"})
	if code, got, errs := lintJSON(t, dir, "--staged"); code != 0 || len(got) != 0 {
		t.Errorf("staged: code %d, findings %v\n%s", code, got, errs)
	}
	if code, got, _ := lintJSON(t, dir); code != 1 || !sameList(got, "connectors/a.json:7:CN104") {
		t.Errorf("work tree: code %d, findings %v", code, got)
	}
}

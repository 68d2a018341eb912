package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLintNoSilentPasses: an explicit root in which nothing is checked is a
// usage error that says which root was used, what squadci looks for and how
// to lint a subfolder; with no argument an empty repository is fine.
func TestLintNoSilentPasses(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"docs/guide.md":        "# Guide\n",
		"services/api/main.go": "package main\n",
	})
	for _, tc := range []struct {
		name     string
		args     []string
		code     int
		stderr   []string
		noStderr string
	}{
		{"subfolder as root", []string{"lint", "docs"}, 2,
			[]string{"nothing to check in docs, used as the repository root", "connectors/**/*.json", ".squad/", "squadci lint --root . docs/"}, ""},
		{"--root", []string{"lint", "--root", "services"}, 2,
			[]string{"nothing to check in services", "squadci lint --root . services/"}, ""},
		{"dot as root", []string{"lint", "."}, 2, []string{"nothing to check in ., used as the repository root"}, "--root . ./"},
		{"no argument", []string{"lint"}, 0, []string{"no squad files in .: nothing to check"}, "files checked"},
		{"missing --root", []string{"lint", "--root", "nope"}, 2, []string{"--root nope: not a directory"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := run(t, dir, tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out, errOut)
			}
			for _, want := range tc.stderr {
				if !strings.Contains(errOut, want) {
					t.Errorf("stderr does not say %q:\n%s", want, errOut)
				}
			}
			if tc.noStderr != "" && strings.Contains(errOut, tc.noStderr) {
				t.Errorf("stderr says %q:\n%s", tc.noStderr, errOut)
			}
		})
	}
}

// TestLintRootFlagNarrows: with --root every path argument narrows, even a
// single directory; the root's configuration and manifests still apply.
func TestLintRootFlagNarrows(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"connectors/a.json": badManifest,
		"connectors/b.json": strings.ReplaceAll(goodManifest, "acme-research-agent", "other-agent"),
	})
	code, out, _ := run(t, dir, "lint", "--root", ".", "--format", "oneline", "connectors/b.json")
	if code != 0 || strings.Contains(out, "connectors/a.json") {
		t.Errorf("--root . connectors/b.json: exit %d\n%s", code, out)
	}
	code, out, _ = run(t, filepath.Join(dir, "connectors"), "lint", "--root", "..", "--format", "oneline", ".")
	if code != 1 || !strings.Contains(out, "connectors/a.json") {
		t.Errorf("--root .. . from connectors/: exit %d\n%s", code, out)
	}
}

// TestLintTwoConfigFiles: two configuration files at once are an error
// naming both; .squadci.yaml alone is read like .squadci.yml.
func TestLintTwoConfigFiles(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"connectors/a.json": goodManifest,
		".squadci.yaml":     "version: 1\nrules:\n  CN114: off\n",
	})
	if code, _, errOut := run(t, dir, "lint", "."); code != 0 {
		t.Fatalf(".squadci.yaml alone: exit %d\n%s", code, errOut)
	}
	if err := os.WriteFile(filepath.Join(dir, ".squadci.yml"), []byte("version: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := run(t, dir, "lint", ".")
	if code != 2 || !strings.Contains(errOut, ".squadci.yml and .squadci.yaml") {
		t.Errorf("two config files: exit %d, stderr:\n%s", code, errOut)
	}
}

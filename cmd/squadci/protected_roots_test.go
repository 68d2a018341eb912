package main

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// protectedRepo is newRepo with a config whose research adapter lives in
// scripts/.
func protectedRepo(t *testing.T) string {
	t.Helper()
	dir := newRepo(t)
	writeFiles(t, dir, map[string]string{
		".squadci.yml":         "version: 1\nadapters:\n  acme-research-agent:\n    command: [sh, scripts/acme-adapter]\n",
		"scripts/acme-adapter": "#!/bin/sh\nexit 0\n",
	})
	return dir
}

// TestDispatchRefusesProtectedRoots: dispatch refuses (exit 2, nothing
// written) every root that reaches what runs: .github/, a .git segment,
// the adapter's folder, connectors/ and the repository root.
func TestDispatchRefusesProtectedRoots(t *testing.T) {
	dir := protectedRepo(t)
	before := treeState(t, dir)
	for _, root := range []string{".github/workflows/", ".git/hooks/", "scripts/", "scripts/acme/", "connectors/", ".", "./", "src/.git/"} {
		args := append(append([]string{"connector", "dispatch"}, researchArgs[:6]...), "--deliverable-root", root,
			"--binding", "research-agent", "--member", "M", "--squad-root", "s/")
		code, _, stderr := run(t, dir, args...)
		if code != exitUsage || !strings.Contains(stderr, "refused") {
			t.Errorf("%s: exit %d, stderr %q", root, code, stderr)
		}
		if root != "." && root != "./" && !strings.Contains(stderr, "[CN218]") {
			t.Errorf("%s: stderr names no CN218: %q", root, stderr)
		}
	}
	if after := treeState(t, dir); !reflect.DeepEqual(before, after) {
		t.Errorf("refused dispatches changed the tree")
	}
	// A root beside them is fine.
	dispatch(t, dir, researchArgs...)
}

// TestLintReportsProtectedRoots: a request written around dispatch whose
// root is the adapter's folder, or under .github/, is a CN218 error at the
// root's position.
func TestLintReportsProtectedRoots(t *testing.T) {
	for _, root := range []string{"scripts/out/", ".github/workflows/"} {
		dir := protectedRepo(t)
		d := dispatch(t, dir, researchArgs...)
		forge := func(rel string) (string, string) {
			old, err := os.ReadFile(filepath.Join(dir, rel))
			if err != nil {
				t.Fatal(err)
			}
			next := strings.Replace(string(old), `"reports/research/"`, `"`+root+`"`, 1)
			writeFiles(t, dir, map[string]string{rel: next})
			return sha(old), sha([]byte(next))
		}
		oldReq, newReq := forge(d.Request)
		oldSnap, newSnap := forge(d.Snapshot)
		st, _ := os.ReadFile(filepath.Join(dir, d.State))
		writeFiles(t, dir, map[string]string{d.State: strings.NewReplacer(oldReq, newReq, oldSnap, newSnap).Replace(string(st))})
		code, out, stderr := run(t, dir, "lint", "--format", "oneline")
		want := d.Request + ":10:22: error: deliverableRoot \"" + root + "\" is protected"
		if code != 1 || !strings.Contains(out, want) || !strings.Contains(out, "[CN218]") {
			t.Errorf("%s: exit %d, want a line %q in\n%s%s", root, code, want, out, stderr)
		}
	}
}

func sha(b []byte) string { s := sha256.Sum256(b); return hex.EncodeToString(s[:]) }

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConnectorPaths: the mailbox and an existing deliverable root are
// printed, one a line or NUL-terminated; a root git ignores is left out
// with a note (git add refuses a named ignored path), a missing one
// silently; arguments are a usage error.
func TestConnectorPaths(t *testing.T) {
	dir := newGitRepo(t, map[string]string{"connectors/acme-research-agent.json": goodManifest})
	dispatch(t, dir, researchArgs...)
	dispatch(t, dir, replaceFlag(researchArgs, "--deliverable-root", "scratch/research/")...)
	dispatch(t, dir, replaceFlag(researchArgs, "--deliverable-root", "not/written/")...)
	for _, p := range []string{"reports/research", "scratch/research"} {
		if err := os.MkdirAll(filepath.Join(dir, p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, dir, ".gitignore", "scratch/\n")
	code, out, stderr := run(t, dir, "connector", "paths")
	if want := ".connector-drops/acme-research-agent\nreports/research\n"; code != exitOK || out != want {
		t.Errorf("exit %d, printed %q, want %q\n%s", code, out, want, stderr)
	}
	if !strings.Contains(stderr, "skipped scratch/research: git ignores it") || strings.Contains(stderr, "not/written") {
		t.Errorf("stderr = %q", stderr)
	}
	if code, out, _ := run(t, dir, "connector", "paths", "-z"); code != exitOK || out != ".connector-drops/acme-research-agent\x00reports/research\x00" {
		t.Errorf("-z: exit %d, printed %q", code, out)
	}
	if code, _, stderr := run(t, dir, "connector", "paths", "reports"); code != exitUsage || !strings.Contains(stderr, "takes no arguments") {
		t.Errorf("an argument: exit %d\n%s", code, stderr)
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMissingRootIsUsageError: poll, resume, connector status and paths with a
// --root that does not exist or is a file exit 2 naming it, instead of
// reading an empty repository and passing.
func TestMissingRootIsUsageError(t *testing.T) {
	dir := writeTree(t, map[string]string{"connectors/a.json": goodManifest, "notes.txt": "x\n"})
	for _, cmd := range [][]string{{"poll"}, {"resume"}, {"connector", "status"}, {"connector", "paths"}} {
		for root, why := range map[string]string{"no-such-dir": "no such directory", "notes.txt": "not a directory"} {
			code, _, stderr := run(t, dir, append(cmd, "--root", root)...)
			if code != exitUsage || !strings.Contains(stderr, "--root "+root+": "+why) {
				t.Errorf("%v --root %s: exit %d, want 2 naming it\n%s", cmd, root, code, stderr)
			}
		}
		// The same root, existing, is fine.
		if code, _, stderr := run(t, dir, append(cmd, "--root", ".")...); code != exitOK {
			t.Errorf("%v --root .: exit %d\n%s", cmd, code, stderr)
		}
	}
}

// TestActionWorkingDirectory: the action works in GITHUB_WORKSPACE, or
// working-directory relative to it, whatever the step's current directory
// is, and a working-directory that is not a directory exits 2 naming the
// input.
func TestActionWorkingDirectory(t *testing.T) {
	workspace := t.TempDir()
	findings := fortyFindings(t)
	if err := os.Rename(findings, filepath.Join(workspace, "squad")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, workspace, "connectors/a.json", goodManifest)
	writeFile(t, workspace, "notes.txt", "x\n")
	elsewhere := fortyFindings(t) // the current directory: never linted
	for _, tc := range []struct {
		name, workspace string
		inputs          map[string]string
		want            int
		errors, stderr  string
	}{
		{"the workspace, not the current directory", workspace, map[string]string{}, exitOK, "0", ""},
		{"working-directory relative to the workspace", workspace, map[string]string{"working-directory": "squad"}, exitFindings, "20", ""},
		{"working-directory absolute", workspace, map[string]string{"working-directory": filepath.Join(workspace, "squad")}, exitFindings, "20", ""},
		{"without a workspace, the current directory", "", map[string]string{}, exitFindings, "20", ""},
		{"missing working-directory", workspace, map[string]string{"working-directory": "sqaud"}, exitUsage, "", `input working-directory "sqaud": ` + filepath.Join(workspace, "sqaud") + ": no such directory"},
		{"working-directory a file", workspace, map[string]string{"working-directory": "notes.txt"}, exitUsage, "", `input working-directory "notes.txt": ` + filepath.Join(workspace, "notes.txt") + ": not a directory"},
		{"missing in scheduled mode", workspace, map[string]string{"mode": "scheduled", "working-directory": "sqaud"}, exitUsage, "", `input working-directory "sqaud"`},
		{"missing workspace", filepath.Join(workspace, "gone"), map[string]string{}, exitUsage, "", "GITHUB_WORKSPACE: " + filepath.Join(workspace, "gone") + ": no such directory"},
	} {
		env, output, _ := actionEnv(t, tc.inputs)
		if tc.workspace != "" {
			env = append(env, "GITHUB_WORKSPACE="+tc.workspace)
		}
		code, _, stderr := runAction(t, elsewhere, env)
		if code != tc.want || !strings.Contains(stderr, tc.stderr) || strings.Contains(stderr, "--root") {
			t.Errorf("%s: exit %d, want %d with %q\n%s", tc.name, code, tc.want, tc.stderr, stderr)
			continue
		}
		if tc.errors != "" {
			if got := readStepOutputs(t, output)["errors"]; got != tc.errors {
				t.Errorf("%s: %s errors, want %s", tc.name, got, tc.errors)
			}
		}
	}
}

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// TestPreCommitTryRepo runs this repository's hooks with the real pre-commit
// framework against a temporary repository: a bad manifest is blocked, a
// good one passes. The golang hook builds squadci with `go install ./...`
// exactly as pre-commit does for users.
func TestPreCommitTryRepo(t *testing.T) {
	t.Parallel() // pre-commit builds squadci in its own PRE_COMMIT_HOME: beside the other long scenarios
	if testing.Short() {
		t.Skip("builds squadci inside pre-commit; skipped with -short")
	}
	bin := testtool.LookPath(t, "pre-commit", "apt-get install pre-commit")
	repo, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	dir := newGitRepo(t, map[string]string{"connectors/a.json": badManifest, "notes.txt": "not linted\n"})
	mustGit(t, dir, "add", ".")
	home := t.TempDir()
	squadciDir := filepath.Dir(squadciBinary(t))
	env := append(os.Environ(), "PRE_COMMIT_HOME="+home, "PRE_COMMIT_COLOR=never",
		"PATH="+squadciDir+string(os.PathListSeparator)+os.Getenv("PATH"))
	try := func(hook string) (string, error) {
		cmd := exec.Command(bin, "try-repo", repo, hook, "--all-files")
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	for _, hook := range []string{"squadci", "squadci-system"} {
		out, err := try(hook)
		if err == nil || !strings.Contains(out, "connectors/a.json:5:3") || !strings.Contains(out, "CN101") {
			t.Errorf("%s on a bad manifest: err=%v\n%s", hook, err, out)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "connectors", "a.json"), []byte(goodManifest), 0o644); err != nil {
		t.Fatal(err)
	}
	mustGit(t, dir, "add", ".")
	for _, hook := range []string{"squadci", "squadci-system"} {
		if out, err := try(hook); err != nil {
			t.Errorf("%s on a good manifest: %v\n%s", hook, err, out)
		}
	}
}

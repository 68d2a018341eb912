package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPreCommitTryRepo runs this repository's hooks with the real pre-commit
// framework against a temporary repository: a bad manifest is blocked, a
// good one passes. The golang hook builds squadci with `go install ./...`
// exactly as pre-commit does for users (once per test process: the
// pre-commit store is shared, see sharedPreCommit).
func TestPreCommitTryRepo(t *testing.T) {
	t.Parallel() // pre-commit builds squadci in its own PRE_COMMIT_HOME: beside the other long scenarios
	if testing.Short() {
		t.Skip("builds squadci inside pre-commit; skipped with -short")
	}
	pc := sharedPreCommit(t)
	dir := newGitRepo(t, map[string]string{"connectors/a.json": badManifest, "notes.txt": "not linted\n"})
	mustGit(t, dir, "add", ".")
	env := []string{"PATH=" + filepath.Dir(squadciBinary(t)) + string(os.PathListSeparator) + os.Getenv("PATH")}
	try := func(hook string) (string, error) {
		return pc.run(dir, hook, env, "--all-files")
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

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// squadciBinary builds the command once per test process.
func squadciBinary(t testing.TB) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "squadci-bin-")
		if err != nil {
			binErr = err
			return
		}
		removeAfterTests(dir)
		binPath = filepath.Join(dir, "squadci")
		// Static, as the release and the action build it.
		cmd := exec.Command("go", "build", "-o", binPath, ".")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		out, err := cmd.CombinedOutput()
		if err != nil {
			binErr = err
			t.Logf("%s", out)
		}
	})
	if binErr != nil {
		t.Fatalf("building squadci: %v", binErr)
	}
	return binPath
}

func gitIn(t *testing.T, dir string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	if binPath != "" {
		// The installed hook runs the squadci on PATH.
		cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(binPath)+string(os.PathListSeparator)+os.Getenv("PATH"))
	}
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func mustGit(t *testing.T, dir string, args ...string) {
	t.Helper()
	if out, err := gitIn(t, dir, args...); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func newGitRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	testtool.LookPath(t, "git", "apt-get install git")
	dir := writeTree(t, files)
	mustGit(t, dir, "init", "-q")
	mustGit(t, dir, "config", "user.email", "test@example.com")
	mustGit(t, dir, "config", "user.name", "test")
	mustGit(t, dir, "config", "commit.gpgsign", "false")
	return dir
}

// newHookedRepo is a git repository with squadci's hook installed by the
// built binary, which gitIn puts on PATH for the hook.
func newHookedRepo(t *testing.T) string {
	t.Helper()
	dir := newGitRepo(t, map[string]string{"README.md": "x\n"})
	install := exec.Command(squadciBinary(t), "hook", "install")
	install.Dir = dir
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("hook install: %v\n%s", err, out)
	}
	return dir
}

// TestHookBlocksBadStagedManifest is the end-to-end check: the
// installed hook blocks a commit of a bad manifest and allows it once fixed.
func TestHookBlocksBadStagedManifest(t *testing.T) {
	dir := newHookedRepo(t)
	write := func(content string) {
		if err := os.MkdirAll(filepath.Join(dir, "connectors"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "connectors", "a.json"), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(badManifest)
	mustGit(t, dir, "add", ".")
	out, err := gitIn(t, dir, "commit", "-q", "-m", "bad")
	if err == nil {
		t.Fatalf("commit of a bad manifest was allowed:\n%s", out)
	}
	if !strings.Contains(out, "connectors/a.json:5:3") || !strings.Contains(out, "CN101") {
		t.Errorf("hook output does not name the finding:\n%s", out)
	}
	write(goodManifest)
	mustGit(t, dir, "add", ".")
	if out, err := gitIn(t, dir, "commit", "-q", "-m", "good"); err != nil {
		t.Fatalf("commit of a good manifest was blocked: %v\n%s", err, out)
	}
}

// TestHookPassesOrdinaryCommits is the first-hour defect: staging a
// package.json or tsconfig.json failed the commit with manifest errors,
// because staged paths were linted like files named on the command line.
// Staged paths are filtered like discovery: the config's paths.include
// makes a JSON file a manifest, paths.exclude leaves one out.
func TestHookPassesOrdinaryCommits(t *testing.T) {
	dir := newHookedRepo(t)
	ordinary := map[string]string{
		"package.json":              `{"name": "web", "version": "1.0.0", "scripts": {"test": "vitest"}}` + "\n",
		"tsconfig.json":             `{"compilerOptions": {"strict": true}}` + "\n",
		"packages/app/package.json": `{"name": "app"}` + "\n",
		"docs/notes.md":             "# Notes\n",
	}
	writeFiles(t, dir, ordinary)
	mustGit(t, dir, "add", ".")
	if out, err := gitIn(t, dir, "commit", "-q", "-m", "ordinary files"); err != nil {
		t.Fatalf("a commit of package.json and tsconfig.json was blocked: %v\n%s", err, out)
	}
	writeFiles(t, dir, map[string]string{"tsconfig.json": `{"compilerOptions": {"strict": false}}` + "\n"})
	mustGit(t, dir, "add", ".")
	if code, _, errOut := run(t, dir, "lint", "--staged"); code != 0 || !strings.Contains(errOut, "none of the staged files is one squadci checks") {
		t.Errorf("lint --staged of a tsconfig.json: exit %d, stderr %q", code, errOut)
	}
	mustGit(t, dir, "commit", "-q", "--no-verify", "-m", "tsconfig")
	if code, out, errOut := run(t, dir, "lint", "--format", "oneline", "package.json"); code != 0 || !strings.Contains(out, "SQ004") || strings.Contains(out, "CN1") {
		t.Errorf("package.json named on the command line: exit %d, want one SQ004 note and no manifest rules\n%s%s", code, out, errOut)
	}

	// paths.include makes a staged JSON file a manifest; exclude drops one.
	writeFiles(t, dir, map[string]string{
		".squadci.yml":             "version: 1\npaths:\n  include: [\"extra/*.json\"]\n  exclude: [\"connectors/legacy/**\"]\n",
		"extra/a.json":             badManifest,
		"connectors/legacy/b.json": badManifest,
	})
	mustGit(t, dir, "add", ".")
	out, err := gitIn(t, dir, "commit", "-q", "-m", "included manifest")
	if err == nil || !strings.Contains(out, "extra/a.json") || strings.Contains(out, "connectors/legacy/b.json") {
		t.Fatalf("included bad manifest: err %v (want blocked, naming only extra/a.json)\n%s", err, out)
	}
	mustGit(t, dir, "rm", "-q", "--cached", "extra/a.json")
	if out, err := gitIn(t, dir, "commit", "-q", "-m", "excluded manifest"); err != nil {
		t.Fatalf("an excluded manifest blocked the commit: %v\n%s", err, out)
	}
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestStagedReadsTheIndex: good on disk but bad in the index is blocked;
// bad on disk but good in the index passes.
func TestStagedReadsTheIndex(t *testing.T) {
	dir := newGitRepo(t, map[string]string{"connectors/a.json": badManifest})
	mustGit(t, dir, "add", ".")
	if err := os.WriteFile(filepath.Join(dir, "connectors", "a.json"), []byte(goodManifest), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := run(t, dir, "lint", "--staged", "--format", "oneline"); code != 1 || !strings.Contains(out, "CN101") {
		t.Errorf("bad in the index, good on disk: exit %d\n%s", code, out)
	}
	if code, _, _ := run(t, dir, "lint", "--format", "oneline"); code != 0 {
		t.Errorf("the work tree is good, plain lint exit %d", code)
	}
	mustGit(t, dir, "add", ".")
	if err := os.WriteFile(filepath.Join(dir, "connectors", "a.json"), []byte(badManifest), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := run(t, dir, "lint", "--staged", "--format", "oneline"); code != 0 {
		t.Errorf("good in the index, bad on disk: exit %d\n%s", code, out)
	}
	mustGit(t, dir, "commit", "-q", "--no-verify", "-m", "x")
	if code, _, errOut := run(t, dir, "lint", "--staged"); code != 0 || !strings.Contains(errOut, "nothing staged") {
		t.Errorf("nothing staged: exit %d, %q", code, errOut)
	}
	if code, _, _ := run(t, dir, "lint", "--staged", "connectors/a.json"); code != 2 {
		t.Errorf("--staged with paths: exit %d, want 2", code)
	}
}

// TestStagedCrossFileContextFromIndex: a manifest staged as a duplicate of
// another staged manifest is caught even though the work tree differs.
func TestStagedCrossFileContextFromIndex(t *testing.T) {
	dir := newGitRepo(t, map[string]string{"connectors/a.json": goodManifest, "connectors/b.json": goodManifest})
	mustGit(t, dir, "add", ".")
	other := strings.NewReplacer("acme-research-agent", "other-agent").Replace(goodManifest)
	if err := os.WriteFile(filepath.Join(dir, "connectors", "a.json"), []byte(other), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := run(t, dir, "lint", "--staged", "--format", "oneline")
	if code != 1 || !strings.Contains(out, "CN122") {
		t.Errorf("duplicate connectorId in the index not reported: exit %d\n%s", code, out)
	}
}

func TestHookCommand(t *testing.T) {
	dir := newGitRepo(t, nil)
	if code, _, _ := run(t, dir, "hook"); code != 2 {
		t.Errorf("hook without a verb: exit %d", code)
	}
	if code, out, _ := run(t, dir, "hook", "install"); code != 0 || !strings.Contains(out, "installed") {
		t.Errorf("install: exit %d %q", code, out)
	}
	if code, out, _ := run(t, dir, "hook", "install"); code != 0 || !strings.Contains(out, "already installed") {
		t.Errorf("reinstall: exit %d %q", code, out)
	}
	if code, out, _ := run(t, dir, "hook", "uninstall"); code != 0 || !strings.Contains(out, "removed") {
		t.Errorf("uninstall: exit %d %q", code, out)
	}
}

package hooks

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/squadci/squadci/internal/testtool"
	"github.com/squadci/squadci/lint"
)

// newRepo makes a git repository with an identity, so commits work.
func newRepo(t *testing.T) string {
	t.Helper()
	testtool.LookPath(t, "git", "apt-get install git")
	dir := t.TempDir()
	gitRun(t, dir, "init", "-q")
	gitRun(t, dir, "config", "user.email", "test@example.com")
	gitRun(t, dir, "config", "user.name", "test")
	gitRun(t, dir, "config", "commit.gpgsign", "false")
	return dir
}

func gitRun(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func write(t *testing.T, dir, rel, content string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestIndexFilesReadsStagedContent(t *testing.T) {
	dir := newRepo(t)
	write(t, dir, "connectors/a.json", "staged\n")
	write(t, dir, "docs/b.md", "b\n")
	gitRun(t, dir, "add", ".")
	write(t, dir, "connectors/a.json", "work tree\n") // unstaged change
	write(t, dir, "connectors/new.json", "untracked\n")
	if err := os.Symlink("a.json", filepath.Join(dir, "connectors", "link.json")); err != nil {
		testtool.Unsupported(t, "symbolic links", err)
	}
	gitRun(t, dir, "add", "connectors/link.json")

	direct, err := openDirect(dir)
	if err != nil {
		t.Fatalf("openDirect: %v", err)
	}
	defer direct.Index.Close()
	for name, x := range map[string]*IndexFiles{"git": {Top: dir}, "direct": direct.Index} {
		t.Run(name, func(t *testing.T) { checkIndexFiles(t, x) })
	}
	st, err := OpenStaged(context.Background(), dir)
	if err != nil || len(st.Paths) != 3 || st.Index.repo == nil {
		t.Fatalf("OpenStaged = %+v, %v; want the three paths, read directly", st, err)
	}
	defer st.Index.Close()
	if b, err := st.Index.Read("connectors/a.json", 100); err != nil || string(b) != "staged\n" {
		t.Errorf("OpenStaged index Read = %q, %v", b, err)
	}
}

// checkIndexFiles holds either reader of the index to the same answers.
func checkIndexFiles(t *testing.T, x *IndexFiles) {
	defer x.Close()
	all, err := x.List(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(all)
	if strings.Join(all, ",") != "connectors/a.json,connectors/link.json,docs/b.md" {
		t.Errorf("List = %v", all)
	}
	under, _ := x.List(context.Background(), []string{"docs/"})
	if len(under) != 1 || under[0] != "docs/b.md" {
		t.Errorf("List(docs/) = %v", under)
	}
	mixed, _ := x.List(context.Background(), []string{"docs/b.md", "connectors/", "connectors/a.json", "missing/", "conn", "connectors/new.json"})
	if strings.Join(mixed, ",") != "connectors/a.json,connectors/link.json,docs/b.md" {
		t.Errorf("List(overlapping dirs and files) = %v", mixed)
	}
	b, err := x.Read("connectors/a.json", 100)
	if err != nil || string(b) != "staged\n" {
		t.Errorf("Read = %q, %v; want the staged blob", b, err)
	}
	if _, err := x.Read("connectors/link.json", 100); !errors.Is(err, lint.ErrNotRegular) {
		t.Errorf("staged symlink: err = %v", err)
	}
	var tooLarge *lint.TooLargeError
	if _, err := x.Read("connectors/a.json", 3); !errors.As(err, &tooLarge) || tooLarge.Size != 7 {
		t.Errorf("over the cap: err = %v", err)
	}
	// Limit 0, as the engine's existence probe asks: nothing is inflated.
	if b, err := x.Read("connectors/a.json", 0); !errors.As(err, &tooLarge) || tooLarge.Size != 7 {
		t.Errorf("limit 0: %q, err = %v; want a *TooLargeError of 7 bytes", b, err)
	}
	if _, err := x.Read("connectors/new.json", 100); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("untracked file: err = %v", err)
	}
	if mode, _, err := x.Lstat("connectors/link.json"); err != nil || mode&fs.ModeSymlink == 0 {
		t.Errorf("Lstat(link) = %v, %v", mode, err)
	}
	if mode, _, err := x.Lstat("connectors"); err != nil || !mode.IsDir() {
		t.Errorf("Lstat(dir) = %v, %v", mode, err)
	}
	if _, size, err := x.Lstat("docs/b.md"); err != nil || size != 2 {
		t.Errorf("Lstat(file) size = %d, %v", size, err)
	}
}

// TestOpenStagedFallsBackToGit: a layout gitstore refuses (a split index)
// is read through git, with the same answers.
func TestOpenStagedFallsBackToGit(t *testing.T) {
	dir := newRepo(t)
	write(t, dir, "connectors/a.json", "one\n")
	write(t, dir, "docs/b.md", "b\n")
	gitRun(t, dir, "add", ".")
	gitRun(t, dir, "commit", "-qm", "base")
	write(t, dir, "connectors/a.json", "two\n")
	gitRun(t, dir, "add", ".")
	gitRun(t, dir, "update-index", "--split-index")
	if _, err := openDirect(dir); err == nil {
		t.Fatal("openDirect read a split index")
	}
	st, err := OpenStaged(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Index.Close()
	if st.Index.repo != nil || len(st.Paths) != 1 || st.Paths[0] != "connectors/a.json" {
		t.Fatalf("OpenStaged = %+v", st)
	}
	if b, err := st.Index.Read("connectors/a.json", 100); err != nil || string(b) != "two\n" {
		t.Errorf("Read = %q, %v", b, err)
	}
}

func TestInstallUninstall(t *testing.T) {
	dir := newRepo(t)
	ctx := context.Background()
	res, err := Install(ctx, dir, false)
	if err != nil || !res.Changed {
		t.Fatalf("Install = %+v, %v", res, err)
	}
	b, _ := os.ReadFile(res.Path)
	if !strings.Contains(string(b), "exec squadci lint --staged") || strings.Contains(string(b), "go-build") {
		t.Errorf("hook =\n%s", b)
	}
	if info, _ := os.Stat(res.Path); info.Mode()&0o111 == 0 {
		t.Errorf("hook is not executable")
	}
	again, err := Install(ctx, dir, false)
	if err != nil || again.Changed {
		t.Errorf("second Install = %+v, %v (want unchanged)", again, err)
	}
	removed, err := Uninstall(ctx, dir)
	if err != nil || !removed {
		t.Fatalf("Uninstall = %v, %v", removed, err)
	}
	if _, err := os.Stat(res.Path); !os.IsNotExist(err) {
		t.Errorf("hook still present")
	}
	if removed, err := Uninstall(ctx, dir); err != nil || removed {
		t.Errorf("Uninstall with nothing installed = %v, %v", removed, err)
	}
}

// TestHookScriptFindsSquadciOnPath runs the installed hook with and without
// a squadci on PATH: it runs the one it finds, and without one it fails the
// commit with install instructions instead of a "not found" from the shell.
func TestHookScriptFindsSquadciOnPath(t *testing.T) {
	testtool.LookPath(t, "sh", "apt-get install dash")
	dir := newRepo(t)
	res, err := Install(context.Background(), dir, false)
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	fake := "#!/bin/sh\necho \"ran squadci $*\"\n"
	if err := os.WriteFile(filepath.Join(bin, "squadci"), []byte(fake), 0o755); err != nil {
		t.Fatal(err)
	}
	runHook := func(path string) (string, error) {
		cmd := exec.Command(res.Path)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "PATH="+path)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := runHook(bin + string(os.PathListSeparator) + "/usr/bin:/bin"); err != nil || !strings.Contains(out, "ran squadci lint --staged") {
		t.Errorf("with squadci on PATH: %v\n%s", err, out)
	}
	for _, d := range []string{"/usr/bin", "/bin"} {
		if _, err := os.Stat(filepath.Join(d, "squadci")); err == nil {
			t.Skipf("squadci is installed in %s", d)
		}
	}
	out, err := runHook("/usr/bin:/bin")
	if err == nil || !strings.Contains(out, "not found on PATH") || !strings.Contains(out, "go install") {
		t.Errorf("without squadci on PATH: err %v\n%s", err, out)
	}
}

func TestInstallForeignHook(t *testing.T) {
	dir := newRepo(t)
	ctx := context.Background()
	hooksDir, _ := HooksDir(ctx, dir)
	foreign := "#!/bin/sh\necho foreign\n"
	write(t, hooksDir, "pre-commit", foreign)
	if _, err := Install(ctx, dir, false); !errors.Is(err, ErrForeignHook) {
		t.Fatalf("Install over a foreign hook: err = %v", err)
	}
	if _, err := Uninstall(ctx, dir); !errors.Is(err, ErrForeignHook) {
		t.Errorf("Uninstall of a foreign hook: err = %v", err)
	}
	res, err := Install(ctx, dir, true)
	if err != nil || res.Chained == "" {
		t.Fatalf("Install --force = %+v, %v", res, err)
	}
	if b, _ := os.ReadFile(res.Chained); string(b) != foreign {
		t.Errorf("chained hook = %q", b)
	}
	if b, _ := os.ReadFile(res.Path); !strings.Contains(string(b), chainedName) {
		t.Errorf("hook does not run the chained one:\n%s", b)
	}
	if _, err := Uninstall(ctx, dir); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(hooksDir, "pre-commit")); string(b) != foreign {
		t.Errorf("foreign hook not restored: %q", b)
	}
}

func TestInstallHonoursHooksPath(t *testing.T) {
	dir := newRepo(t)
	gitRun(t, dir, "config", "core.hooksPath", ".githooks")
	res, err := Install(context.Background(), dir, false)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, ".githooks", "pre-commit"); res.Path != want {
		t.Errorf("hook at %s, want %s", res.Path, want)
	}
}

// TestInstallNeverReadsThroughHostileHook: a pre-commit in a committed
// hooks folder that links to /dev/zero or /dev/stdin, or is a FIFO, is a
// foreign hook, found at once without reading it, and left in place.
func TestInstallNeverReadsThroughHostileHook(t *testing.T) {
	for kind, mk := range map[string]func(p string) error{
		"link to /dev/zero":  func(p string) error { return os.Symlink("/dev/zero", p) },
		"link to /dev/stdin": func(p string) error { return os.Symlink("/dev/stdin", p) },
		"FIFO":               func(p string) error { return mkfifo(p) },
	} {
		t.Run(kind, func(t *testing.T) {
			dir := newRepo(t)
			gitRun(t, dir, "config", "core.hooksPath", ".githooks")
			hook := filepath.Join(dir, ".githooks", "pre-commit")
			if err := os.MkdirAll(filepath.Dir(hook), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := mk(hook); err != nil {
				testtool.Unsupported(t, kind, err)
			}
			done := make(chan error, 2)
			go func() {
				_, err := Install(context.Background(), dir, false)
				done <- err
				_, err = Uninstall(context.Background(), dir)
				done <- err
			}()
			for _, what := range []string{"Install", "Uninstall"} {
				select {
				case err := <-done:
					if !errors.Is(err, ErrForeignHook) {
						t.Errorf("%s: err = %v, want ErrForeignHook", what, err)
					}
				case <-time.After(5 * time.Second):
					t.Fatalf("%s: still reading the hook after 5s", what)
				}
			}
			if _, err := os.Lstat(hook); err != nil {
				t.Errorf("the hook was removed: %v", err)
			}
		})
	}
}

//go:build unix

package main

import (
	"github.com/squadci/squadci/internal/testtool"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"
)

// runWithin is run, failing the test when the command has not ended after
// a few seconds: a read of a FIFO or /dev/stdin would block forever.
func runWithin(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	type out struct {
		code           int
		stdout, stderr string
	}
	done := make(chan out, 1)
	go func() {
		code, o, e := run(t, dir, args...)
		done <- out{code, o, e}
	}()
	select {
	case r := <-done:
		return r.code, r.stdout, r.stderr
	case <-time.After(10 * time.Second):
		t.Fatalf("squadci %s: still running after 10s", strings.Join(args, " "))
		return 0, "", ""
	}
}

// TestLintRefusesHostileConfigAndBaseline: a committed .squadci.yml or
// baseline that links to /dev/zero or /dev/stdin, or is a FIFO, is a
// configuration error (exit 2) naming what it is, at once.
func TestLintRefusesHostileConfigAndBaseline(t *testing.T) {
	kinds := map[string]func(p string) error{
		"link to /dev/zero":  func(p string) error { return os.Symlink("/dev/zero", p) },
		"link to /dev/stdin": func(p string) error { return os.Symlink("/dev/stdin", p) },
		"FIFO":               func(p string) error { return syscall.Mkfifo(p, 0o644) },
	}
	for kind, mk := range kinds {
		t.Run("config "+kind, func(t *testing.T) {
			dir := newGitRepo(t, map[string]string{"connectors/a.json": adoptManifest("acme")})
			if err := mk(filepath.Join(dir, ".squadci.yml")); err != nil {
				testtool.Unsupported(t, kind, err)
			}
			code, _, errs := runWithin(t, dir, "lint")
			if code != 2 || !strings.Contains(errs, ".squadci.yml: cannot read config: ") || !strings.Contains(errs, "not a regular file") {
				t.Errorf("code %d\n%s", code, errs)
			}
		})
		t.Run("baseline "+kind, func(t *testing.T) {
			dir := newGitRepo(t, map[string]string{
				"connectors/a.json": adoptManifest("acme"),
				".squadci.yml":      "version: 1\nbaseline: baseline.json\n",
			})
			if err := mk(filepath.Join(dir, "baseline.json")); err != nil {
				testtool.Unsupported(t, kind, err)
			}
			code, _, errs := runWithin(t, dir, "lint")
			if code != 2 || !strings.Contains(errs, "baseline.json: cannot read baseline: ") || !strings.Contains(errs, "not a regular file") {
				t.Errorf("code %d\n%s", code, errs)
			}
		})
	}
}

// TestWriteBaselineRefusesSymlink: --write-baseline onto a committed link
// is refused and the link's target is untouched; a plain write leaves no
// temporary file behind.
func TestWriteBaselineRefusesSymlink(t *testing.T) {
	dir := newGitRepo(t, map[string]string{"connectors/a.json": adoptManifest("acme", "5")})
	outside := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(outside, []byte("precious\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "baseline.json")); err != nil {
		testtool.Unsupported(t, "symbolic links", err)
	}
	code, _, errs := run(t, dir, "lint", "--write-baseline", "baseline.json")
	if got, _ := os.ReadFile(outside); code != 2 || string(got) != "precious\n" || !strings.Contains(errs, "never writes through a link") {
		t.Errorf("code %d, target %q\n%s", code, got, errs)
	}
	if err := os.Remove(filepath.Join(dir, "baseline.json")); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := run(t, dir, "lint", "--write-baseline", "baseline.json"); code != 0 {
		t.Fatalf("plain write: code %d\n%s", code, errs)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), "tmp") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// linkedDir makes rel under root a symlink to a fresh folder outside the
// repository and returns that folder.
func linkedDir(t *testing.T, root, rel string) string {
	t.Helper()
	outside := t.TempDir()
	if err := os.MkdirAll(filepath.Dir(filepath.Join(root, rel)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(root, filepath.FromSlash(rel))); err != nil {
		testtool.Unsupported(t, "symbolic links", err)
	}
	return outside
}

// TestCreatingCommandsRefuseSymlinkedDirs: connector new and endpoint new
// write nothing through a committed link to a folder outside the
// repository; they refuse (exit 2) naming the link, and write nothing at
// all.
func TestCreatingCommandsRefuseSymlinkedDirs(t *testing.T) {
	connectorNew := []string{"connector", "new", "--id", "acme-first", "--role", "researcher", "--capability", "x", "--contact", "a@example.com"}
	endpointNew := []string{"endpoint", "new", "--name", "research-agent", "--role", "researcher", "--skill", "org-research"}
	for _, tc := range []struct {
		name, link string
		args       []string
	}{
		{"connector new, scripts", "scripts", connectorNew},
		{"connector new, connectors", "connectors", connectorNew},
		{"connector new, .connector-drops", ".connector-drops", connectorNew},
		{"endpoint new, .github/agents", ".github/agents", endpointNew},
		{"endpoint new, .github/skills", ".github/skills", endpointNew},
		{"endpoint new, docs/endpoints", "docs/endpoints", endpointNew},
		{"endpoint new, .github", ".github", endpointNew},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			outside := linkedDir(t, root, tc.link)
			before := listTree(t, root)
			code, out, stderr := run(t, root, tc.args...)
			if code != exitUsage || !strings.Contains(stderr, tc.link+" is in the way: a path component is a symlink") {
				t.Errorf("exit %d, want 2 naming %s as a link\n%s%s", code, tc.link, out, stderr)
			}
			if entries, _ := os.ReadDir(outside); len(entries) != 0 {
				t.Errorf("written outside the repository: %v", entries)
			}
			if after := listTree(t, root); !reflect.DeepEqual(before, after) {
				t.Errorf("the refusal changed the tree: before %v, after %v", before, after)
			}
		})
	}
}

// TestEndpointAdaptRefusesPathOutside: --path names the repository's own
// implementation; an absolute path, one under .git, one that leaves the
// repository or goes through a link is refused and nothing is written.
func TestEndpointAdaptRefusesPathOutside(t *testing.T) {
	for _, tc := range []struct{ path, says string }{
		{"/etc", "absolute"},
		{".git", "under .git"},
		{".git/hooks", "under .git"},
		{"../out", "leaves the repository"},
		{"tools/../../out", "leaves the repository"},
		{"linked", "linked: a path component is a symlink"},
		{"linked/agent.md", "linked: a path component is a symlink"},
	} {
		t.Run(tc.path, func(t *testing.T) {
			root := t.TempDir()
			mustGit(t, root, "init", "-q")
			if err := os.MkdirAll(filepath.Join(filepath.Dir(root), "out"), 0o755); err != nil {
				t.Fatal(err)
			}
			outside := linkedDir(t, root, "linked")
			if err := os.WriteFile(filepath.Join(outside, "agent.md"), []byte("x\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			before := listTree(t, root)
			code, _, stderr := run(t, root, "endpoint", "adapt", "--path", tc.path, "--role", "researcher", "--id", "acme-x", "--contact", "a@example.com")
			if code != exitUsage || !strings.Contains(stderr, "--path "+tc.path) || !strings.Contains(stderr, tc.says) {
				t.Errorf("exit %d, want 2 saying %q\n%s", code, tc.says, stderr)
			}
			if !reflect.DeepEqual(before, listTree(t, root)) {
				t.Errorf("the refusal changed the tree")
			}
		})
	}
}

// listTree lists what is under root without following a link: each path
// with its bytes, or the target of a link, or "dir".
func listTree(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			to, _ := os.Readlink(p)
			out[rel] = "-> " + to
		case d.IsDir():
			out[rel] = "dir"
		default:
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out[rel] = string(b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestReviewSourceNeverFollowsLinks: the review reads a finding's file as
// lint does: a link to /dev/zero or a FIFO is an error at once.
func TestReviewSourceNeverFollowsLinks(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "a.md"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(root, "zero.md")); err != nil {
		testtool.Unsupported(t, "symbolic links", err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "fifo.md"), 0o644); err != nil {
		testtool.Unsupported(t, "FIFOs", err)
	}
	src := reviewSource(root)
	if b, err := src("a.md"); err != nil || string(b) != "x\n" {
		t.Errorf("a.md: %q, %v", b, err)
	}
	for _, p := range []string{"zero.md", "fifo.md"} {
		done := make(chan error, 1)
		go func() { _, err := src(p); done <- err }()
		select {
		case err := <-done:
			if err == nil {
				t.Errorf("%s: read", p)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: still reading after 5s", p)
		}
	}
}

// TestWriteBaselineRefusesSymlinkedFolder: a baseline inside the
// repository whose folder is a committed link to one outside is refused,
// and nothing is written there.
func TestWriteBaselineRefusesSymlinkedFolder(t *testing.T) {
	dir := newGitRepo(t, map[string]string{"connectors/a.json": adoptManifest("acme", "5")})
	outside := linkedDir(t, dir, ".github")
	code, _, errs := run(t, dir, "lint", "--write-baseline", ".github/squadci-baseline.json")
	if code != 2 || !strings.Contains(errs, ".github is in the way: a path component is a symlink") {
		t.Errorf("code %d\n%s", code, errs)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("written outside the repository: %v", entries)
	}
}

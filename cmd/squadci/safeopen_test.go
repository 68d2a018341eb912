package main

import (
	"os"
	"path/filepath"
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
	for kind, make := range kinds {
		t.Run("config "+kind, func(t *testing.T) {
			dir := newGitRepo(t, map[string]string{"connectors/a.json": adoptManifest("acme")})
			if err := make(filepath.Join(dir, ".squadci.yml")); err != nil {
				t.Skip(err)
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
			if err := make(filepath.Join(dir, "baseline.json")); err != nil {
				t.Skip(err)
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
		t.Skip(err)
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

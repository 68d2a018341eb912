//go:build unix

package lint

import (
	"errors"
	"github.com/squadci/squadci/internal/testtool"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// hostileFiles are what a repository can commit in place of a config or
// baseline: a link to an endless device, a link to stdin, a FIFO, a
// directory. Each must be refused at once, without reading.
func hostileFiles(t *testing.T, dir, name string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for kind, mk := range map[string]func(p string) error{
		"link to /dev/zero":  func(p string) error { return os.Symlink("/dev/zero", p) },
		"link to /dev/stdin": func(p string) error { return os.Symlink("/dev/stdin", p) },
		"FIFO":               func(p string) error { return syscall.Mkfifo(p, 0o644) },
		"directory":          func(p string) error { return os.Mkdir(p, 0o755) },
	} {
		sub := filepath.Join(dir, strings.ReplaceAll(kind, " ", "-"))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := mk(filepath.Join(sub, name)); err != nil {
			testtool.Unsupported(t, kind, err)
		}
		out[kind] = sub
	}
	return out
}

// within fails the test when fn takes longer than a read that never
// started would: a FIFO or /dev/stdin would block, /dev/zero would fill
// memory.
func within(t *testing.T, what string, fn func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- fn() }()
	select {
	case err := <-done:
		return err
	case <-time.After(5 * time.Second):
		t.Fatalf("%s: still reading after 5s", what)
		return nil
	}
}

func TestLoadConfigRefusesNonRegular(t *testing.T) {
	for kind, root := range hostileFiles(t, t.TempDir(), ".squadci.yml") {
		for _, explicit := range []string{"", ".squadci.yml"} {
			err := within(t, kind, func() error {
				_, err := LoadConfig(root, explicit)
				return err
			})
			var ce *ConfigError
			if !errors.As(err, &ce) || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("%s (--config %q): err = %v, want a ConfigError saying not a regular file", kind, explicit, err)
			}
		}
	}
}

func TestReadBaselineRefusesNonRegular(t *testing.T) {
	for kind, dir := range hostileFiles(t, t.TempDir(), "baseline.json") {
		err := within(t, kind, func() error {
			_, err := ReadBaseline(filepath.Join(dir, "baseline.json"), "baseline.json")
			return err
		})
		var ce *ConfigError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("%s: err = %v, want a ConfigError saying not a regular file", kind, err)
		}
	}
}

func TestReadRepoFileNamesTheLink(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "c")
	if err := os.Symlink("/etc/passwd", p); err != nil {
		testtool.Unsupported(t, "symbolic links", err)
	}
	if _, err := readRepoFile(p, 10); err == nil || !strings.Contains(err.Error(), "a symlink (to /etc/passwd)") {
		t.Errorf("err = %v", err)
	}
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, make([]byte, 11), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readRepoFile(big, 10); err == nil || !strings.Contains(err.Error(), "larger than 10 bytes") {
		t.Errorf("big: err = %v", err)
	}
}

// TestConfigAndBaselineRefuseLinkedFolder: a regular file reached through
// a committed link to a folder outside the repository is not read.
func TestConfigAndBaselineRefuseLinkedFolder(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	for name, body := range map[string]string{"squadci.yml": "version: 1\n", "b.json": `{"version": 1, "tool": "squadci", "findings": []}`} {
		if err := os.WriteFile(filepath.Join(outside, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(outside, filepath.Join(root, ".github")); err != nil {
		testtool.Unsupported(t, "symbolic links", err)
	}
	if _, err := LoadConfig(root, ""); err == nil || !strings.Contains(err.Error(), ".github is in the way: a path component is a symlink") {
		t.Errorf("config: err = %v", err)
	}
	if _, err := ReadBaselineIn(root, filepath.Join(root, ".github", "b.json"), ".github/b.json"); err == nil || !strings.Contains(err.Error(), ".github is in the way") {
		t.Errorf("baseline: err = %v", err)
	}
	if _, err := ReadBaselineIn(root, filepath.Join(outside, "b.json"), "b.json"); err != nil {
		t.Errorf("a baseline named outside the repository: %v", err)
	}
}

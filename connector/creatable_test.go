package connector

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

func TestCheckRepoPath(t *testing.T) {
	for _, tc := range []struct{ path, says string }{
		{"tools/impl", ""},
		{"tools/impl/", ""},
		{".github/agents/x.md", ""},
		{"", "empty"},
		{".", "repository root"},
		{"/etc", "absolute"},
		{"../out", "leaves the repository"},
		{"a/../../b", "leaves the repository"},
		{".git", "under .git"},
		{"sub/.GIT/hooks", "under .git"},
		{"a//b", "clean form"},
		{"./a", "clean form"},
		{`a\b`, "'\\'"},
		{"a/b\nc", "control character"},
	} {
		err := CheckRepoPath(tc.path)
		if tc.says == "" && err != nil || tc.says != "" && (err == nil || !strings.Contains(err.Error(), tc.says)) {
			t.Errorf("CheckRepoPath(%q) = %v, want %q", tc.path, err, tc.says)
		}
	}
}

// TestCreateFileRefusesLinks: a link anywhere on the way, or at the name,
// is refused and nothing is written outside; an existing file is kept.
func TestCreateFileRefusesLinks(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	if err := os.Symlink(outside, filepath.Join(root, "scripts")); err != nil {
		testtool.Unsupported(t, "symbolic links", err)
	}
	if err := os.MkdirAll(filepath.Join(root, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "victim"), filepath.Join(root, "docs", "x.md")); err != nil {
		t.Fatal(err)
	}
	for rel, says := range map[string]string{
		"scripts/a-adapter": "scripts is in the way",
		"scripts/sub/a":     "scripts is in the way",
		"docs/x.md":         "already exists",
	} {
		err := CreateFile(root, rel, []byte("x"), 0o644)
		if err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("%s: err = %v, want %q", rel, err, says)
		}
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("written outside the repository: %v", entries)
	}
	if err := CreateFile(root, "new/dir/f.md", []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := CreateFile(root, "new/dir/f.md", []byte("y"), 0o644); !errors.Is(err, fs.ErrExist) {
		t.Errorf("second create: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(root, "new/dir/f.md")); string(b) != "x" {
		t.Errorf("existing file replaced: %q", b)
	}
}

// TestMakeRealDirsRefusesLink: a directory made a link after the check is
// not written through.
func TestMakeRealDirsRefusesLink(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	if err := os.Symlink(outside, filepath.Join(root, "a")); err != nil {
		testtool.Unsupported(t, "symbolic links", err)
	}
	if err := makeRealDirs(root, "a/b"); err == nil || !strings.Contains(err.Error(), "a is a symlink") {
		t.Errorf("err = %v", err)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("made outside: %v", entries)
	}
}

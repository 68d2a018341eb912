//go:build unix

package agentfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// specialLoadCases are the symlink and FIFO refusals.
func specialLoadCases(t *testing.T, dir, good string) []loadCase {
	link := filepath.Join(dir, "link.agent.md")
	if err := os.Symlink(good, link); err != nil {
		t.Fatal(err)
	}
	linkDir := filepath.Join(dir, "linked")
	if err := os.Symlink(filepath.Join(dir, "agents"), linkDir); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.agent.md")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	return []loadCase{
		{"final symlink", link, "path contains a symbolic link"},
		{"symlinked directory", filepath.Join(linkDir, "greeter.agent.md"), "path contains a symbolic link"},
		{"FIFO", fifo, "not a regular file"},
		{"file as directory", filepath.Join(good, "x.agent.md"), "path contains an entry that is not a directory"},
	}
}

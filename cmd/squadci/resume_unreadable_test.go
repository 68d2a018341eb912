package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A completed task's state that cannot be read is an error naming the
// file and the error, exit 3: never "no state -> failed (tampered)".
// Root reads a mode-000 file, so the test needs another user; the
// connector package injects the error for the same path (resume_ioerror_test.go).
func TestResumeUnreadableStateExits3(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads a mode-000 file")
	}
	dir := newRepo(t)
	writeFile(t, dir, "adapter.sh", researchAdapter)
	writeFile(t, dir, ".squadci.yml", adapterConfig(""))
	d := dispatch(t, dir, researchArgs...)
	if code, out, stderr := runEnv(t, dir, nil, "poll"); code != exitOK {
		t.Fatalf("poll: exit %d\n%s%s", code, out, stderr)
	}
	if code, out, stderr := runEnv(t, dir, nil, "resume", "--fail-on", "failed"); code != exitOK {
		t.Fatalf("resume: exit %d\n%s%s", code, out, stderr)
	}
	state := filepath.Join(dir, filepath.FromSlash(d.State))
	if err := os.Chmod(state, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(state, 0o644) })
	code, out, stderr := runEnv(t, dir, nil, "resume", "--fail-on", "failed")
	if code != exitInternal || !strings.Contains(stderr, d.State+": permission denied") || strings.Contains(out, "tampered") || strings.Contains(out, "no state") || !strings.Contains(out, "not resumed [error: cannot read "+d.State) {
		t.Errorf("exit %d\n%s%s", code, out, stderr)
	}
}

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkActionInstall times what the action does before squadci runs,
// from the start of its install step to `squadci version` answering:
//
//   - download: a release tag, served by a local server (the snapshot's
//     archive with SQUADCI_RELEASE_DIST, else one built here);
//   - build-warm: a branch, with the module and build caches warm (a
//     runner whose setup-go cache holds this commit's build);
//   - build-cold: a branch, module cache warm, build cache empty (a cache
//     from another commit, or none: everything compiles).
//
// setup-go itself (a Go download on a cold runner) is in neither build
// figure. Run: go test ./cmd/squadci -run '^$' -bench ActionInstall -benchtime 5x
func BenchmarkActionInstall(b *testing.B) {
	bash := installTools(b)
	h := host(b)
	r := testRelease(b, h)
	runner := []string{"RUNNER_OS=" + h.runnerOS, "RUNNER_ARCH=" + h.runnerArch}
	steps := func(b *testing.B, ref string, set ...string) {
		a := newActionRun(b)
		out, code := a.runInstallSteps(b, bash, ref, append(runner, set...)...)
		if code != 0 {
			b.Fatalf("install %s: exit %d\n%s", ref, code, out)
		}
		if v, err := exec.Command(filepath.Join(a.temp, "squadci-bin", "squadci"), "version").Output(); err != nil || !strings.HasPrefix(string(v), "squadci ") {
			b.Fatalf("squadci version after install %s: %q %v", ref, v, err)
		}
	}
	b.Run("download", func(b *testing.B) {
		srv := serveRelease(b, r, serveOpts{})
		for b.Loop() {
			steps(b, r.tag(), "SQUADCI_DOWNLOAD_BASE="+srv.URL)
		}
	})
	b.Run("build-warm", func(b *testing.B) {
		steps(b, "main") // the caches hold this build
		for b.Loop() {
			steps(b, "main")
		}
	})
	b.Run("build-cold", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			cache, err := os.MkdirTemp("", "squadci-gocache-")
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			steps(b, "main", "GOCACHE="+cache)
			b.StopTimer()
			os.RemoveAll(cache)
			b.StartTimer()
		}
	})
}

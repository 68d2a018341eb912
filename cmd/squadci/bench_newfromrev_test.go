package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/squadci/squadci/internal/corpus"
	"github.com/squadci/squadci/internal/testtool"
)

// benchRepo is a git clone of microsoft/hve-core at SQUADCI_BENCH_REPO (or
// /tmp/hvecore) with REV HEAD~30; otherwise a generated repository whose
// base commit is HEAD~1.
func benchRepo(b *testing.B) (dir, rev string) {
	b.Helper()
	for _, d := range []string{os.Getenv("SQUADCI_BENCH_REPO"), "/tmp/hvecore"} {
		if d == "" {
			continue
		}
		if err := exec.Command("git", "-C", d, "rev-parse", "--verify", "--quiet", "HEAD~30").Run(); err == nil {
			return d, "HEAD~30"
		}
	}
	testtool.LookPath(b, "git", "apt-get install git")
	dir = b.TempDir()
	if _, err := corpus.Generate(dir, 300, 1, nil); err != nil {
		b.Fatal(err)
	}
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.email=b@example.com", "-c", "user.name=b"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "base")
	if err := os.WriteFile(filepath.Join(dir, "extra.agent.md"), []byte("---\nname: extra\ndescription: Extra.\n---\nbody\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	git("add", "-A")
	git("commit", "-q", "-m", "next")
	return dir, "HEAD~1"
}

// BenchmarkNewFromRev measures `lint --new-from-rev REV` (resolve REV,
// lint the work tree and REV's tree from git objects, compare) against
// plain `lint` of the same tree, both run as the command runs them, in one
// benchmark run: sub-benchmark plain, then new-from-rev, whose iterations
// each also time one plain lint (untimed by b) and report the ratio of
// the two totals, so load on the machine weighs on both alike, and the
// ratio of the CPU time the two used (the work done, which load does not
// change; the wall ratio is lower when the two lints run on two cores).
func BenchmarkNewFromRev(b *testing.B) {
	dir, rev := benchRepo(b)
	plain := []string{"lint", "--format", "json", "."}
	newFromRev := []string{"lint", "--format", "json", "--new-from-rev", rev, "."}
	b.Run("plain", func(b *testing.B) {
		for range b.N {
			benchLint(b, dir, plain)
		}
	})
	b.Run("new-from-rev", func(b *testing.B) {
		var plainTime, plainCPU, newCPU time.Duration
		var out string
		for range b.N {
			cpu := cpuTime(b)
			out = benchLint(b, dir, newFromRev)
			newCPU += cpuTime(b) - cpu
			b.StopTimer()
			start, cpu := time.Now(), cpuTime(b)
			benchLint(b, dir, plain)
			plainTime += time.Since(start)
			plainCPU += cpuTime(b) - cpu
			b.StartTimer()
		}
		b.StopTimer()
		var doc struct{ Diagnostics []json.RawMessage }
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			b.Fatalf("json output: %v", err)
		}
		b.ReportMetric(float64(plainTime.Nanoseconds())/float64(b.N)/1e6, "plain-ms/op")
		b.ReportMetric(float64(b.Elapsed())/float64(plainTime), "ratio")
		b.ReportMetric(float64(newCPU)/float64(plainCPU), "cpu-ratio")
		b.ReportMetric(float64(len(doc.Diagnostics)), "new-findings")
	})
}

// cpuTime is the CPU time (user and system) the process and the git
// processes it ran have used: the work a run does, whatever else the
// machine is running.
func cpuTime(b *testing.B) time.Duration {
	var total time.Duration
	for _, who := range []int{syscall.RUSAGE_SELF, syscall.RUSAGE_CHILDREN} {
		var ru syscall.Rusage
		if err := syscall.Getrusage(who, &ru); err != nil {
			b.Fatal(err)
		}
		total += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return total
}

// benchLint runs one squadci command in dir and returns its standard
// output; an exit above 1 (not findings: a failure) ends the benchmark.
func benchLint(b *testing.B, dir string, args []string) string {
	b.Helper()
	var out, errb bytes.Buffer
	c := &Command{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Dir: dir, Env: []string{"NO_COLOR=1"}}
	if code := c.Main(append([]string{"squadci"}, args...)); code > 1 {
		b.Fatalf("squadci %v: exit %d\n%s", args, code, errb.String())
	}
	return out.String()
}

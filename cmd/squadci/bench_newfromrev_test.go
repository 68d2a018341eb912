package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/squadci/squadci/internal/corpus"
	"github.com/squadci/squadci/lint"
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
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("needs git")
	}
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

// BenchmarkNewFromRev measures --new-from-rev (resolve REV, lint the work
// tree, lint REV's tree from git objects, compare) against plain lint of
// the same tree, and reports the ratio of the two.
func BenchmarkNewFromRev(b *testing.B) {
	dir, rev := benchRepo(b)
	opts := lint.Options{Files: &lint.DiskFiles{Root: dir}, Config: &lint.Config{}}
	if cfg, err := lint.LoadConfig(dir, ""); err == nil {
		opts.Config = cfg
	}
	ctx := context.Background()
	plain := testing.Benchmark(func(b *testing.B) {
		for b.Loop() {
			if _, err := lint.Lint(ctx, opts); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.ResetTimer()
	var shown int
	for b.Loop() {
		res, err := lint.Lint(ctx, opts)
		if err != nil {
			b.Fatal(err)
		}
		r, err := lint.ResolveRevision(ctx, lint.ChangesOptions{Root: dir, Rev: rev, What: "--new-from-rev"})
		if err != nil {
			b.Fatal(err)
		}
		base, err := lintRevision(r, opts)
		if err != nil {
			b.Fatal(err)
		}
		run := res.Run
		lint.NewSinceFindings(rev, base.Run.Findings).Apply(&run)
		shown = len(run.Findings)
	}
	b.StopTimer()
	if plain.N > 0 && b.N > 0 {
		ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		b.ReportMetric(float64(plain.NsPerOp())/1e6, "plain-ms/op")
		b.ReportMetric(ns/float64(plain.NsPerOp()), "ratio")
		b.ReportMetric(float64(shown), "new-findings")
	}
}

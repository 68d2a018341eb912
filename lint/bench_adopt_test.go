package lint

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/squadci/squadci/internal/corpus"
	"github.com/squadci/squadci/internal/testtool"
	"github.com/squadci/squadci/lint/report"
)

// The adoption benchmarks run on one git repository holding the full
// scale-2,000 corpus: the commit (the revision) has an unknown field in
// every 10th manifest (200 findings, and one in the squad's team.md for
// each of those a binding names), all in the baseline; the work tree adds
// one to every 100th other manifest, as a pull request would. Both
// filters must leave exactly the findings the work tree added.
// BenchmarkLintAdoptPlain is the plain lint of the same tree, for the
// ratios.
const (
	adoptOld = 200 // manifests broken at the revision
	adoptNew = 20  // manifests the work tree breaks
)

var (
	adoptOnce             sync.Once
	adoptDir              string
	adoptErr              error
	adoptBase, adoptTotal int // findings at the revision, and in the work tree
)

func adoptCorpus(b *testing.B) string {
	b.Helper()
	testtool.LookPath(b, "git", "apt-get install git")
	adoptOnce.Do(func() { adoptDir, adoptErr = writeAdoptCorpus() })
	if adoptErr != nil {
		b.Fatal(adoptErr)
	}
	return adoptDir
}

func writeAdoptCorpus() (string, error) {
	corpusMu.Lock()
	defer corpusMu.Unlock()
	if corpusRoot == "" {
		var err error
		if corpusRoot, err = os.MkdirTemp("", "squadci-bench-"); err != nil {
			return "", err
		}
	}
	dir := filepath.Join(corpusRoot, "adopt")
	if _, err := corpus.Generate(dir, 2000, 1, nil); err != nil {
		return "", err
	}
	mistake := func(i int, field string) error {
		p := filepath.Join(dir, fmt.Sprintf("connectors/c-%05d.json", i))
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(p, []byte(strings.Replace(string(src), "{\n", "{\n  \""+field+"\": true,\n", 1)), 0o644)
	}
	for i := 0; i < adoptOld; i++ {
		if err := mistake(1+i*10, "legacyField"); err != nil {
			return "", err
		}
	}
	git := func(args ...string) error {
		cmd := exec.Command("git", append([]string{"-c", "user.email=b@example.com", "-c", "user.name=bench", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %v: %v\n%s", args, err, out)
		}
		return nil
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-q", "-m", "base"}} {
		if err := git(args...); err != nil {
			return "", err
		}
	}
	res, err := Lint(context.Background(), Options{Files: &DiskFiles{Root: dir}})
	if err != nil || len(res.Run.Findings) < adoptOld {
		return "", fmt.Errorf("base lint: %v, %d findings", err, len(res.Run.Findings))
	}
	adoptBase = len(res.Run.Findings)
	if err := os.WriteFile(filepath.Join(dir, "baseline.json"), NewBaseline(res.Run.Findings).Marshal(), 0o644); err != nil {
		return "", err
	}
	for i := 0; i < adoptNew; i++ {
		if err := mistake(5+i*100, "newField"); err != nil {
			return "", err
		}
	}
	if res, err = Lint(context.Background(), Options{Files: &DiskFiles{Root: dir}}); err != nil || len(res.Run.Findings) < adoptBase+adoptNew {
		return "", fmt.Errorf("work-tree lint: %v, %d findings", err, len(res.Run.Findings))
	}
	adoptTotal = len(res.Run.Findings)
	return dir, nil
}

// benchAdopt lints the adoption corpus and applies filter, checking that
// want findings are left.
func benchAdopt(b *testing.B, wantOf func() int, filter func(*report.Run) error) {
	dir := adoptCorpus(b)
	want := wantOf()
	b.ReportAllocs()
	for b.Loop() {
		res, err := Lint(context.Background(), Options{Files: &DiskFiles{Root: dir}})
		if err == nil {
			err = filter(&res.Run)
		}
		if err != nil || len(res.Run.Findings) != want {
			b.Fatalf("err=%v findings=%d, want %d", err, len(res.Run.Findings), want)
		}
	}
}

func BenchmarkLintAdoptPlain(b *testing.B) {
	benchAdopt(b, func() int { return adoptTotal }, func(*report.Run) error { return nil })
}

// BenchmarkLintBaseline reads the 200-entry baseline and matches it.
func BenchmarkLintBaseline(b *testing.B) {
	benchAdopt(b, func() int { return adoptTotal - adoptBase }, func(run *report.Run) error {
		base, err := ReadBaseline(filepath.Join(adoptDir, "baseline.json"), "baseline.json")
		if err == nil {
			base.Apply(run, func(string) bool { return true })
		}
		return err
	})
}

// The filters alone, on the findings of one lint of the same tree: what
// --baseline and --new-from-rev add to a lint.
func benchFilter(b *testing.B, filter func(*report.Run) error) {
	dir := adoptCorpus(b)
	res, err := Lint(context.Background(), Options{Files: &DiskFiles{Root: dir}})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		run := res.Run
		run.Findings = append([]report.Finding(nil), res.Run.Findings...)
		if err := filter(&run); err != nil || len(run.Findings) != adoptTotal-adoptBase {
			b.Fatalf("err=%v findings=%d", err, len(run.Findings))
		}
	}
}

func BenchmarkBaselineOnly(b *testing.B) {
	benchFilter(b, func(run *report.Run) error {
		base, err := ReadBaseline(filepath.Join(adoptDir, "baseline.json"), "baseline.json")
		if err == nil {
			base.Apply(run, func(string) bool { return true })
		}
		return err
	})
}

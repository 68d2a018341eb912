package lint

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/squadci/squadci/internal/corpus"
)

var (
	corpusMu   sync.Mutex
	corpusDirs = map[string]string{} // parts key → dir, kept for the whole process
	corpusRoot string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if corpusRoot != "" {
		os.RemoveAll(corpusRoot)
	}
	os.Exit(code)
}

// benchCorpus writes the scale-2,000 corpus once per process.
func benchCorpus(b *testing.B, parts ...string) string {
	b.Helper()
	corpusMu.Lock()
	defer corpusMu.Unlock()
	key := filepath.Join(parts...)
	if dir, ok := corpusDirs[key]; ok {
		return dir
	}
	if corpusRoot == "" {
		var err error
		if corpusRoot, err = os.MkdirTemp("", "squadci-bench-"); err != nil {
			b.Fatal(err)
		}
	}
	dir := filepath.Join(corpusRoot, "corpus-"+key)
	if len(parts) == 0 {
		parts = nil
	}
	if _, err := corpus.Generate(dir, 2000, 1, parts); err != nil {
		b.Fatal(err)
	}
	corpusDirs[key] = dir
	return dir
}

func benchLint(b *testing.B, dir string, targets []string) {
	b.ReportAllocs()
	for b.Loop() {
		res, err := Lint(context.Background(), Options{Files: &DiskFiles{Root: dir, NoGit: true}, Targets: targets})
		if err != nil || len(res.Run.Findings) != 0 {
			b.Fatalf("err=%v findings=%d", err, len(res.Run.Findings))
		}
	}
}

// benchRead reads every file of the corpus: the physical floor of a lint.
func benchRead(b *testing.B, dir string) {
	for b.Loop() {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			_, err = os.ReadFile(p)
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// The ratio Lint/Read on the same corpus in the same run is the figure the
// spec's target (lint within 2× of reading) is about.
func BenchmarkLintManifests(b *testing.B) { benchLint(b, benchCorpus(b, "manifests"), nil) }
func BenchmarkReadManifests(b *testing.B) { benchRead(b, benchCorpus(b, "manifests")) }
func BenchmarkLintCorpus(b *testing.B)    { benchLint(b, benchCorpus(b), nil) }
func BenchmarkReadCorpus(b *testing.B)    { benchRead(b, benchCorpus(b)) }

// BenchmarkLintOneFile is a pre-commit style run: one named file in a full
// repository (cross-file context is still loaded).
func BenchmarkLintOneFile(b *testing.B) {
	benchLint(b, benchCorpus(b), []string{"connectors/c-00001.json"})
}

package agentfile

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

const realworld = "../testdata/realworld"

// realworldFiles reads the hand-written corpus of agent files.
func realworldFiles(tb testing.TB) (names []string, srcs [][]byte) {
	tb.Helper()
	err := filepath.WalkDir(realworld, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		names, srcs = append(names, p), append(srcs, b)
		return err
	})
	if err != nil || len(names) < 30 {
		tb.Fatalf("realworld corpus: %d files, %v", len(names), err)
	}
	return names, srcs
}

func TestRealworldParses(t *testing.T) {
	names, srcs := realworldFiles(t)
	shapes := map[Shape]int{}
	for i, name := range names {
		a, err := Parse(name, srcs[i])
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		shapes[a.Shape]++
		if ds := Check(name, srcs[i]); len(ds) > 0 {
			t.Errorf("%s: %d findings, first: %s", name, len(ds), ds[0].Message)
		}
	}
	for _, s := range []Shape{ShapeFrontmatter, ShapePrompt, ShapeCharter} {
		if shapes[s] < 5 {
			t.Errorf("the corpus has %d files of shape %v; want at least 5", shapes[s], s)
		}
	}
}

// benchRealworld reads every corpus file per iteration and hands it to
// fn, reporting files per second.
func benchRealworld(b *testing.B, fn func(name string, src []byte)) {
	names, srcs := realworldFiles(b)
	b.SetBytes(totalBytes(srcs))
	b.ResetTimer()
	for b.Loop() {
		for _, n := range names {
			src, err := os.ReadFile(n)
			if err != nil {
				b.Fatal(err)
			}
			fn(n, src)
		}
	}
	b.ReportMetric(float64(len(names)*b.N)/b.Elapsed().Seconds(), "files/s")
}

// BenchmarkRealworldRead is the baseline: only reading the corpus's files.
func BenchmarkRealworldRead(b *testing.B) { benchRealworld(b, func(string, []byte) {}) }

// BenchmarkRealworldParse reads and parses every file, as Load does.
func BenchmarkRealworldParse(b *testing.B) {
	benchRealworld(b, func(n string, src []byte) {
		if _, err := Parse(n, src); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkRealworldCheck reads and lints every file (contract and host
// checks), as the lint phase does.
func BenchmarkRealworldCheck(b *testing.B) {
	benchRealworld(b, func(n string, src []byte) { Check(n, src) })
}

func totalBytes(srcs [][]byte) int64 {
	var n int64
	for _, s := range srcs {
		n += int64(len(s))
	}
	return n
}

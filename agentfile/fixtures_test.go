package agentfile

import (
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/diag"

	"github.com/squadci/squadci/internal/testtool"
)

var update = flag.Bool("update", false, "rewrite the .out files of the lint fixtures from the current findings (review them by hand)")

const lintFixtures = "../testdata/agentfile/lint"

// fixtureTree inspects every agent file below dir (paths relative to it,
// as a repository would name them), resolves handoffs across them, and
// returns the findings and sources by path.
func fixtureTree(t *testing.T, dir string) (map[string][]diag.Diagnostic, map[string][]byte) {
	t.Helper()
	srcs := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".out") {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		b, err := os.ReadFile(p)
		srcs[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var reports []*Report
	known := map[string]bool{}
	var names []string
	for p, src := range srcs {
		r := Inspect(p, src)
		reports = append(reports, r)
		for _, n := range r.Names {
			known[n] = true
			names = append(names, n)
		}
	}
	slices.Sort(names)
	out := map[string][]diag.Diagnostic{}
	for _, r := range reports {
		out[r.Path] = append(r.Diagnostics, r.UnresolvedHandoffs(func(n string) bool { return known[n] }, names)...)
	}
	return out, srcs
}

// formatFindings renders findings as `path:LINE:COL: SEVERITY: MESSAGE [RULE]`,
// columns in code points as the engine prints them, sorted like its output.
func formatFindings(t *testing.T, path string, src []byte, ds []diag.Diagnostic) []string {
	t.Helper()
	slices.SortStableFunc(ds, func(a, b diag.Diagnostic) int {
		if a.Span.Start != b.Span.Start {
			return a.Span.Start - b.Span.Start
		}
		return strings.Compare(a.Rule+a.Message, b.Rule+b.Message)
	})
	return testtool.Oneline(t, path, src, ds)
}

// outPath is where a fixture's expectations live: its name without
// .agent.md, .chatmode.md or .md, plus .out.
func outPath(dir, rel string) string {
	base := rel
	for _, ext := range []string{".agent.md", ".chatmode.md", ".md"} {
		if strings.HasSuffix(base, ext) {
			base = strings.TrimSuffix(base, ext)
			break
		}
	}
	return filepath.Join(dir, filepath.FromSlash(base)+".out")
}

func TestLintFixturesErr(t *testing.T) {
	dir := filepath.Join(lintFixtures, "err")
	findings, srcs := fixtureTree(t, dir)
	seen := map[string]bool{}
	for p, src := range srcs {
		t.Run(p, func(t *testing.T) {
			got := formatFindings(t, p, src, findings[p])
			if len(got) == 0 {
				t.Errorf("no findings")
			}
			for _, d := range findings[p] {
				seen[d.Rule] = true
			}
			testtool.CompareOut(t, outPath(dir, p), got, *update)
		})
	}
	for _, r := range diag.All() {
		if r.Domain == "agentfile" && !seen[r.ID] {
			t.Errorf("rule %s (%s) has no failing fixture", r.ID, r.Name)
		}
	}
}

func TestLintFixturesOK(t *testing.T) {
	dir := filepath.Join(lintFixtures, "ok")
	findings, srcs := fixtureTree(t, dir)
	for p, src := range srcs {
		if got := formatFindings(t, p, src, findings[p]); len(got) > 0 {
			t.Errorf("%s: want no findings, got:\n  %s", p, strings.Join(got, "\n  "))
		}
		if _, err := Parse(p, src); err != nil {
			t.Errorf("%s: Parse refused: %v", p, err)
		}
	}
}

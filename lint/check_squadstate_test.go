package lint

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/corpus"
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/report"

	"github.com/squadci/squadci/internal/testtool"
)

var updateSquadState = flag.Bool("squadstate.update", false, "rewrite testdata/squadstate/*.out from the current findings (review them by hand)")

// squadFixtures holds one directory per case beside <case>.out. A case
// directory with a BASE file is an overlay: the named case's tree, then the
// case's own files on top, then the paths listed in DELETE removed.
const squadFixtures = "../testdata/squadstate"

// squadRule reports whether a finding belongs to this domain's fixtures:
// the squadstate rules and the engine's own.
func squadRule(id string) bool { return strings.HasPrefix(id, "SS") || strings.HasPrefix(id, "SQ") }

func TestSquadStateFixtures(t *testing.T) {
	for _, name := range squadCases(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			root := buildSquadCase(t, name)
			got := lintSquad(t, root, nil)
			testtool.CompareOut(t, filepath.Join(squadFixtures, name+".out"), got, *updateSquadState)
		})
	}
}

// TestSquadStateRuleCoverage: every squad rule is triggered by some fixture.
func TestSquadStateRuleCoverage(t *testing.T) {
	all := expectedFindings(t, squadFixtures)
	for _, r := range diag.All() {
		if !strings.HasPrefix(r.ID, "SS") {
			continue
		}
		if !strings.Contains(all, "["+r.ID+"]") {
			t.Errorf("no fixture triggers %s (%s)", r.ID, r.Name)
		}
	}
}

// expectedFindings is every <case>.out of a fixture directory, joined.
func expectedFindings(t *testing.T, dir string) string {
	t.Helper()
	outs, _ := filepath.Glob(filepath.Join(dir, "*.out"))
	var all strings.Builder
	for _, o := range outs {
		b, err := os.ReadFile(o)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(b)
	}
	return all.String()
}

// TestSquadStateNarrowed: naming one file still reads the squad's
// cross-file context, but reports only that file.
func TestSquadStateNarrowed(t *testing.T) {
	root := buildSquadCase(t, "ss113-route-unknown-role")
	full := lintSquad(t, root, nil)
	if len(full) == 0 {
		t.Fatal("the case has no findings")
	}
	got := lintSquad(t, root, []string{".copilot-tracking/squad/routing.md"})
	if len(got) != len(full) {
		t.Errorf("narrowed to routing.md: %d findings, want %d:\n%s", len(got), len(full), strings.Join(got, "\n"))
	}
	if got := lintSquad(t, root, []string{".copilot-tracking/squad/team.md"}); len(got) != 0 {
		t.Errorf("narrowed to team.md: want no findings, got\n%s", strings.Join(got, "\n"))
	}
	if got := lintSquad(t, root, []string{"connectors/research-agent.json"}); len(got) != 0 {
		t.Errorf("narrowed to a manifest: want no squad findings, got\n%s", strings.Join(got, "\n"))
	}
}

func squadCases(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(squadFixtures)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	if len(names) == 0 {
		t.Fatal("no squadstate fixtures")
	}
	return names
}

// buildSquadCase materialises a case (resolving its BASE) in a temporary
// directory.
func buildSquadCase(t *testing.T, name string) string {
	t.Helper()
	root := t.TempDir()
	testtool.OverlayCase(t, squadFixtures, name, root)
	return root
}

// lintSquad lints root and renders its squad findings in the oneline form.
func lintSquad(t testing.TB, root string, targets []string) []string {
	t.Helper()
	res, err := Lint(context.Background(), Options{Files: &DiskFiles{Root: root, NoGit: true}, Targets: targets})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range report.Ungroup(res.Run.Findings) {
		if squadRule(f.Rule) {
			out = append(out, fmt.Sprintf("%s:%d:%d: %s: %s [%s]", f.Path, f.Line, f.Column, f.Severity, f.Message, f.Rule))
		}
	}
	return out
}

// squadBenchTree writes the squad-state benchmark tree once per process:
// an HVE root with 500 members and 5,000 history entries (and the agent
// files and deliverables they name).
func squadBenchTree(b *testing.B) string {
	b.Helper()
	corpusMu.Lock()
	defer corpusMu.Unlock()
	const key = "squadstate-500x5000"
	if dir, ok := corpusDirs[key]; ok {
		return dir
	}
	if corpusRoot == "" {
		var err error
		if corpusRoot, err = os.MkdirTemp("", "squadci-bench-"); err != nil {
			b.Fatal(err)
		}
	}
	dir := filepath.Join(corpusRoot, key)
	if _, err := corpus.GenerateHVE(dir, 500, 5000, 1); err != nil {
		b.Fatal(err)
	}
	corpusDirs[key] = dir
	return dir
}

// BenchmarkLintSquadState lints the 500-member, 5,000-entry tree;
// BenchmarkReadSquadState reads the same files: the physical floor.
func BenchmarkLintSquadState(b *testing.B) { benchLint(b, squadBenchTree(b), nil) }
func BenchmarkReadSquadState(b *testing.B) { benchRead(b, squadBenchTree(b)) }

// TestHVEProfileFixtures checks that each profile's fixtures are judged by
// that profile: a clean fixture judged by a laxer profile would prove
// nothing. hve-profile-ambiguous fits two spans and gets the older.
func TestHVEProfileFixtures(t *testing.T) {
	for _, name := range squadCases(t) {
		rest, ok := strings.CutPrefix(name, "hve-profile-")
		if !ok {
			continue
		}
		want := strings.TrimSuffix(rest, "-bad")
		if want == "ambiguous" {
			want = "v0.11.11"
		}
		t.Run(name, func(t *testing.T) {
			res, err := Lint(context.Background(), Options{Files: &DiskFiles{Root: buildSquadCase(t, name), NoGit: true}})
			if err != nil {
				t.Fatal(err)
			}
			if ps := res.Run.Profiles; len(ps) != 1 || ps[0].Name != want {
				t.Errorf("profiles = %+v, want one root checked as %s", ps, want)
			}
		})
	}
}

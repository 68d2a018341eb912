package skill

import (
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
	"github.com/squadci/squadci/lint/diag"
)

var update = flag.Bool("update", false, "rewrite testdata/skill/err/*.out from the current findings (review them by hand)")

// Each directory below testdata/skill/err and testdata/skill/ok is one
// repository root; an err case's findings are in <case>.out beside it.
const fixtures = "../testdata/skill"

// lintCase checks every skill of one case the way the engine discovers
// them, and returns the findings as `path:LINE:COL: SEVERITY: MESSAGE [RULE]`.
func lintCase(t *testing.T, root string) []string {
	t.Helper()
	exists := func(rel string) bool {
		_, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel)))
		return err == nil
	}
	var paths []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(root, p)
			paths = append(paths, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(paths)
	// As lint wires it: the squad-state rules scan .squad/ for credentials.
	squadScans := func(p string) bool { return strings.HasPrefix(p, ".squad/") }
	ctx := Context{Exists: exists, SquadRepo: exists(".squad/team.md"), SquadScans: squadScans}
	var out []string
	for _, p := range paths {
		if !IsSkillFile(p) || InsideSkill(p, exists) {
			continue
		}
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, format(t, p, src, Inspect(p, src, ctx))...)
	}
	return out
}

// format is testtool.Oneline, also failing for a rule of another domain.
func format(t *testing.T, p string, src []byte, ds []diag.Diagnostic) []string {
	t.Helper()
	for _, d := range ds {
		if r, ok := diag.Lookup(d.Rule); ok && r.Domain != "skill" {
			t.Errorf("%s: rule %s is not a skill rule", p, d.Rule)
		}
	}
	return testtool.Oneline(t, p, src, ds)
}

func cases(t *testing.T, kind string) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(fixtures, kind))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out
}

func TestFixturesErr(t *testing.T) {
	seen := map[string]bool{}
	for _, name := range cases(t, "err") {
		t.Run(name, func(t *testing.T) {
			got := lintCase(t, filepath.Join(fixtures, "err", name))
			if len(got) == 0 {
				t.Fatal("no findings")
			}
			for _, line := range got {
				seen[line[strings.LastIndex(line, "[")+1:len(line)-1]] = true
			}
			testtool.CompareOut(t, filepath.Join(fixtures, "err", name+".out"), got, *update)
		})
	}
	for _, r := range diag.All() {
		if r.Domain == "skill" && !seen[r.ID] {
			t.Errorf("rule %s (%s) has no failing fixture", r.ID, r.Name)
		}
	}
}

func TestFixturesOK(t *testing.T) {
	for _, name := range cases(t, "ok") {
		t.Run(name, func(t *testing.T) {
			if got := lintCase(t, filepath.Join(fixtures, "ok", name)); len(got) > 0 {
				t.Errorf("want no findings, got:\n  %s", strings.Join(got, "\n  "))
			}
		})
	}
}

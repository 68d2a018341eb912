package fix

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
	"github.com/squadci/squadci/lint"
	"github.com/squadci/squadci/lint/report"
)

func lintTree(t *testing.T, root string) []report.Finding {
	t.Helper()
	res, err := lint.Lint(context.Background(), lint.Options{Files: &lint.DiskFiles{Root: root, NoGit: true}})
	if err != nil {
		t.Fatal(err)
	}
	return report.Ungroup(res.Run.Findings)
}

func identityKey(f report.Finding) string {
	return f.Rule + " " + report.IdentityPath(f.Diagnostic) + " " + f.Fingerprint
}

// fixOneAtATime applies each fix of root's findings alone, in one round,
// and fails when its finding is still reported: a fix must repair its
// finding by itself (the re-lint rounds of --fix are for fixes that make
// others possible, not for finishing one). check, when set, judges the
// repaired bytes. It returns how many fixes it tried.
func fixOneAtATime(t *testing.T, root string, check func(t *testing.T, rule, path string, old, new []byte)) int {
	t.Helper()
	before := lintTree(t, root)
	tried := 0
	for _, f := range before {
		if f.Fix == nil || f.Path == "" {
			continue
		}
		tried++
		full := filepath.Join(root, filepath.FromSlash(f.Path))
		old, err := os.ReadFile(full)
		if err != nil {
			t.Fatal(err)
		}
		next, n := Apply(old, []Candidate{{Rule: f.Rule, Fix: f.Fix}})
		if n != 1 {
			t.Errorf("%s %s: its fix does not apply to the file it was made for", f.Rule, f.Path)
			continue
		}
		if check != nil {
			check(t, f.Rule, f.Path, old, next)
		}
		if err := os.WriteFile(full, next, 0o644); err != nil {
			t.Fatal(err)
		}
		want, got := 0, 0
		for _, g := range before {
			if identityKey(g) == identityKey(f) {
				want++
			}
		}
		for _, g := range lintTree(t, root) {
			if identityKey(g) == identityKey(f) {
				got++
			}
		}
		if got >= want {
			t.Errorf("%s %s:%d: still reported after its own fix (%q)\nfixed file:\n%s", f.Rule, f.Path, f.Line, f.Message, next)
		}
		if err := os.WriteFile(full, old, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return tried
}

// TestEachFixRepairsItsFindingInOneRound runs fixOneAtATime over every
// squad-state fixture tree.
func TestEachFixRepairsItsFindingInOneRound(t *testing.T) {
	const fixtures = "../../testdata/squadstate"
	es, err := os.ReadDir(fixtures)
	if err != nil {
		t.Fatal(err)
	}
	tried := 0
	for _, e := range es {
		if !e.IsDir() {
			continue
		}
		t.Run(e.Name(), func(t *testing.T) {
			root := t.TempDir()
			testtool.OverlayCase(t, fixtures, e.Name(), root)
			tried += fixOneAtATime(t, root, nil)
		})
	}
	if tried < 5 {
		t.Errorf("only %d fixes tried", tried)
	}
}

// TestGitattributesFixKeepsEveryLine: SS250's fix on a .gitattributes with
// no final newline, in LF and CRLF, keeps every line as it was, adds each
// missing rule on a line of its own, and is complete in one round.
func TestGitattributesFixKeepsEveryLine(t *testing.T) {
	for _, eol := range []string{"\n", "\r\n"} {
		t.Run(strings.ReplaceAll(strings.ReplaceAll(eol, "\r", "CR"), "\n", "LF"), func(t *testing.T) {
			root := t.TempDir()
			testtool.OverlayCase(t, "../../testdata/squadstate", "squad-cast", root)
			attrs := strings.Join([]string{"*.png binary", ".squad/decisions.md merge=union"}, eol) // no final newline
			if err := os.WriteFile(filepath.Join(root, ".gitattributes"), []byte(attrs), 0o644); err != nil {
				t.Fatal(err)
			}
			fixed := 0
			n := fixOneAtATime(t, root, func(t *testing.T, rule, path string, old, new []byte) {
				if rule != "SS250" {
					return
				}
				fixed++
				if !strings.HasPrefix(string(new), string(old)+eol) {
					t.Errorf("the fix changed or ran on from the last line:\n%q\n→\n%q", old, new)
				}
				for _, l := range strings.Split(strings.TrimSuffix(string(new), eol), eol) {
					if f := strings.Fields(l); len(f) != 2 || strings.Contains(l, "\r") {
						t.Errorf("line %q is not one pattern and one attribute", l)
					}
				}
			})
			if n == 0 || fixed != 1 {
				t.Fatalf("SS250 fixes tried %d of %d fixes", fixed, n)
			}
		})
	}
}

package fix

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
	"github.com/squadci/squadci/lint"
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/report"
)

var update = flag.Bool("update", false, "rewrite the .fixed goldens from the current fixes (review them by hand)")

// goldenCase is one fixable rule's golden: a fixture, placed in a
// repository, and the bytes every changed file must have after --fix. A
// single-file fixture's golden is <fixture>.fixed; a tree case's is
// <case>.fixed, one "-- path --" section per changed file. Where the
// fixtures' own test reads every file of the directory, the golden sits in
// a sibling directory instead.
type goldenCase struct {
	rule    string
	fixture string // a file, or a tree case directory (with BASE)
	at      string // where a file fixture sits in the repository; "" for a tree
	golden  string // "" means fixture + ".fixed"
}

var goldenCases = []goldenCase{
	{"CN003", "../../testdata/connector/manifest/err/json-bom.json", "connectors/acme.json", ""},
	{"CN101", "../../testdata/connector/manifest/err/manifest-unknown-field-case.json", "connectors/acme.json", ""},
	{"AF103", "../../testdata/agentfile/lint/err/af103-deprecated.agent.md", ".github/agents/review.agent.md",
		"../../testdata/agentfile/lint/fixed/af103-deprecated.agent.md"},
	{"AF102", "../../testdata/agentfile/lint/err/af102-case.agent.md", ".github/agents/tidy.agent.md",
		"../../testdata/agentfile/lint/fixed/af102-case.agent.md"},
	{"PF102", "../../testdata/promptfile/pf102-case.prompt.md", ".github/prompts/summary.prompt.md", ""},
	{"IN102", "../../testdata/promptfile/in102-case.instructions.md", ".github/instructions/go.instructions.md", ""},
	{"SK105", "../../testdata/skill/err/sk105-deprecated-key", "", ""},
	{"SK106", "../../testdata/skill/err/sk106-key-case", "", ""},
	{"PF105", "../../testdata/promptfile/pf105-mode.prompt.md", ".github/prompts/summary.prompt.md", ""},
	{"SS001", "../../testdata/squadstate/ss001-json-bom", "", ""},
	{"SS003", "../../testdata/squadstate/ss003-markdown-bom", "", ""},
	{"SS236", "../../testdata/squadstate/ss236-charter-model-syntax", "", ""},
	{"SS250", "../../testdata/squadstate/ss250-gitattributes", "", ""},
}

func TestGoldenFixes(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.rule, func(t *testing.T) {
			root := t.TempDir()
			if tc.at == "" {
				testtool.OverlayCase(t, filepath.Dir(tc.fixture), filepath.Base(tc.fixture), root)
			} else {
				copyFile(t, tc.fixture, filepath.Join(root, filepath.FromSlash(tc.at)))
			}
			before := lintRoot(t, root)
			fixable := countRule(before.Run.Findings, tc.rule, true)
			if fixable == 0 {
				t.Fatalf("the fixture has no fixable %s finding", tc.rule)
			}
			out := fixRoot(t, root)
			if got := countRule(out.Lint.Run.Findings, tc.rule, false); got != countRule(before.Run.Findings, tc.rule, false)-fixable {
				t.Errorf("after --fix %d %s findings remain, want %d", got, tc.rule, countRule(before.Run.Findings, tc.rule, false)-fixable)
			}
			compareGolden(t, tc, root, out.Changes)
			if again := fixRoot(t, root); len(again.Changes) != 0 {
				t.Errorf("a second --fix changed %s", again.Changes[0].Path)
			}
		})
	}
}

// compareGolden checks the changed files against the golden, or rewrites it.
func compareGolden(t *testing.T, tc goldenCase, root string, changes []Change) {
	t.Helper()
	golden := tc.golden
	if golden == "" {
		golden = tc.fixture + ".fixed"
	}
	got := map[string]string{}
	for _, c := range changes {
		got[c.Path] = string(c.New)
	}
	if *update {
		writeGolden(t, golden, tc, got)
		return
	}
	want := readGolden(t, golden, tc)
	for p, w := range want {
		if got[p] != w {
			t.Errorf("%s after --fix:\n%q\nwant:\n%q", p, got[p], w)
		}
		if disk, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p))); err != nil || string(disk) != w {
			t.Errorf("%s on disk differs from the fixed bytes (err %v)", p, err)
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			t.Errorf("--fix changed %s, which the golden does not list", p)
		}
	}
}

func readGolden(t *testing.T, golden string, tc goldenCase) map[string]string {
	t.Helper()
	b, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if tc.at != "" {
		return map[string]string{tc.at: string(b)}
	}
	out := map[string]string{}
	for _, sec := range strings.Split(string(b), "-- ")[1:] {
		name, body, _ := strings.Cut(sec, " --\n")
		out[name] = body
	}
	return out
}

func writeGolden(t *testing.T, golden string, tc goldenCase, got map[string]string) {
	t.Helper()
	var text string
	if tc.at != "" {
		text = got[tc.at]
	} else {
		paths := make([]string, 0, len(got))
		for p := range got {
			paths = append(paths, p)
		}
		sort.Strings(paths)
		for _, p := range paths {
			text += "-- " + p + " --\n" + got[p]
		}
	}
	if err := os.WriteFile(golden, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func countRule(fs []report.Finding, rule string, fixable bool) int {
	n := 0
	for _, f := range fs {
		if f.Rule == rule && (!fixable || f.Fix != nil) {
			n++
		}
	}
	return n
}

func lintRoot(t *testing.T, root string) *lint.Result {
	t.Helper()
	res, err := lint.Lint(context.Background(), lint.Options{Files: &lint.DiskFiles{Root: root, NoGit: true}})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// fixRoot runs --fix on root and writes the result.
func fixRoot(t *testing.T, root string) *Outcome {
	t.Helper()
	out, err := Run(context.Background(), lint.Options{Files: &lint.DiskFiles{Root: root, NoGit: true}})
	if err != nil {
		t.Fatal(err)
	}
	if err := Write(root, out.Changes); err != nil {
		t.Fatal(err)
	}
	return out
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestFixRoundsChain: a fix that makes another possible is followed in the
// next round: Mode: is respelled mode: (PF102), which is then renamed
// agent: (PF105).
func TestFixRoundsChain(t *testing.T) {
	root := t.TempDir()
	p := filepath.Join(root, ".github", "prompts", "x.prompt.md")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("---\ndescription: Plan the release\nMode: ask\n---\nPlan it.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := fixRoot(t, root)
	got, _ := os.ReadFile(p)
	if want := "---\ndescription: Plan the release\nagent: ask\n---\nPlan it.\n"; string(got) != want || out.Applied != 2 {
		t.Errorf("after --fix (%d fixes applied):\n%s\nwant (2 fixes):\n%s", out.Applied, got, want)
	}
}

// TestRunSeesWhatLintSees: with nothing to fix, the fix run's lint is the
// plain lint, artifact checks on disk included.
func TestRunSeesWhatLintSees(t *testing.T) {
	for _, name := range []string{"artifact-missing", "ok-1-1-agent"} {
		root := t.TempDir()
		testtool.OverlayCase(t, "../../testdata/connector/exchange", name, root)
		plain := lintRoot(t, root).Run.Findings
		out := fixRoot(t, root)
		if len(out.Changes) != 0 || len(out.Lint.Run.Findings) != len(plain) {
			t.Fatalf("%s: %d changes, %d findings; the plain lint has %d", name, len(out.Changes), len(out.Lint.Run.Findings), len(plain))
		}
		for i, f := range out.Lint.Run.Findings {
			if f.Rule != plain[i].Rule || f.Message != plain[i].Message {
				t.Errorf("%s: finding %d is %s %q, the plain lint's %s %q", name, i, f.Rule, f.Message, plain[i].Rule, plain[i].Message)
			}
		}
	}
}

// TestEveryFixableRuleHasAGolden: a rule marked Fixable has a golden here,
// and a golden's rule is marked Fixable.
func TestEveryFixableRuleHasAGolden(t *testing.T) {
	golden := map[string]bool{}
	for _, tc := range goldenCases {
		golden[tc.rule] = true
	}
	for _, r := range diag.All() {
		if r.Fixable != golden[r.ID] {
			t.Errorf("%s: Fixable %v, golden case %v", r.ID, r.Fixable, golden[r.ID])
		}
	}
}

package lint

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/report"
)

var updateEngine = flag.Bool("engine.update", false, "rewrite testdata/engine/*.out from the current findings (review them by hand)")

// engineFixtures holds one repository tree per case beside <case>.out and,
// for a narrowed run, <case>.args (the paths named on the command line).
const engineFixtures = "../testdata/engine"

func TestEngineFixtures(t *testing.T) {
	dirs, err := os.ReadDir(engineFixtures)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		name := d.Name()
		t.Run(name, func(t *testing.T) {
			got := lintEngineCase(t, name)
			testtool.CompareOut(t, filepath.Join(engineFixtures, name+".out"), got, *updateEngine)
		})
	}
}

// lintEngineCase lints one case as the CLI would: its own configuration,
// its .args as named targets, and returns the engine findings.
func lintEngineCase(t *testing.T, name string) []string {
	t.Helper()
	root := filepath.Join(engineFixtures, name)
	cfg, err := LoadConfig(root, "")
	if err != nil {
		t.Fatal(err)
	}
	var targets []string
	if b, err := os.ReadFile(filepath.Join(engineFixtures, name+".args")); err == nil {
		targets = strings.Fields(string(b))
	}
	res, err := Lint(context.Background(), Options{Files: &DiskFiles{Root: root, NoGit: true}, Config: cfg, Targets: targets, Named: true})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range report.Ungroup(res.Run.Findings) {
		if strings.HasPrefix(f.Rule, "SQ") {
			out = append(out, fmt.Sprintf("%s:%d:%d: %s: %s [%s]", f.Path, f.Line, f.Column, f.Severity, f.Message, f.Rule))
		}
	}
	return out
}

// TestEngineRuleCoverage: the engine rules these fixtures are for are each
// triggered by one of them.
func TestEngineRuleCoverage(t *testing.T) {
	all := expectedFindings(t, engineFixtures)
	for _, r := range []*diag.Rule{ruleNotChecked, ruleUnknownAdapter} {
		if !strings.Contains(all, "["+r.ID+"]") {
			t.Errorf("no engine fixture triggers %s (%s)", r.ID, r.Name)
		}
	}
}

// TestStagedTargetsAreFilteredLikeDiscovery: targets listed for the user (a
// hook's staged paths) are not named: a staged package.json is neither a
// manifest nor noted.
func TestStagedTargetsAreFilteredLikeDiscovery(t *testing.T) {
	root := filepath.Join(engineFixtures, "sq004-named-unknown")
	res, err := Lint(context.Background(), Options{Files: &DiskFiles{Root: root, NoGit: true}, Targets: []string{"package.json", "tsconfig.json"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Run.Findings) != 0 || res.Run.Files != 0 {
		t.Errorf("staged package.json: %d files checked, findings %v; want none", res.Run.Files, res.Run.Findings)
	}
}

package lint

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// TestCoordinatorAtGitTop: a squad in a monorepo package has its
// coordinator at the git top-level (Squad's subfolder init); linting the
// package finds it there, and still reports it when the top has none.
func TestCoordinatorAtGitTop(t *testing.T) {
	testtool.LookPath(t, "git", "install git")
	for _, tc := range []struct {
		name      string
		atTop     bool
		wantSS209 bool
	}{
		{"coordinator at the top", true, false},
		{"no coordinator anywhere", false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			top := t.TempDir()
			if out, err := exec.Command("git", "-C", top, "init", "-q").CombinedOutput(); err != nil {
				t.Fatalf("git init: %v\n%s", err, out)
			}
			app := filepath.Join(top, "packages", "app")
			if err := os.MkdirAll(filepath.Dir(app), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(buildSquadCase(t, "squad-init"), app); err != nil {
				t.Fatal(err)
			}
			coordinator := filepath.Join(app, ".github")
			if tc.atTop {
				err := os.Rename(coordinator, filepath.Join(top, ".github"))
				if err != nil {
					t.Fatal(err)
				}
			} else if err := os.RemoveAll(coordinator); err != nil {
				t.Fatal(err)
			}
			res, err := Lint(context.Background(), Options{Files: &DiskFiles{Root: app}})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range res.Run.Findings {
				if f.Rule == "SS209" {
					got = append(got, f.Message)
				}
			}
			if (len(got) > 0) != tc.wantSS209 {
				t.Errorf("SS209 findings %q, want any: %v", strings.Join(got, "; "), tc.wantSS209)
			}
		})
	}
}

// TestStateBranchBackend: with stateBackend orphan, decisions.md and the
// histories live on the squad-state branch; found there they are not
// missing, and a branch without decisions.md still is.
func TestStateBranchBackend(t *testing.T) {
	testtool.LookPath(t, "git", "install git")
	for _, tc := range []struct {
		name     string
		onBranch []string
		want     string // the SS201 finding's severity and message start, "" for none
	}{
		{"decisions on the branch", []string{"decisions.md", "agents/scribe/history.md"}, ""},
		{"branch without decisions", []string{"README.md"}, "error: .squad/ has no decisions.md"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := buildSquadCase(t, "squad-init-orphan-backend")
			git := func(args ...string) {
				t.Helper()
				cmd := exec.Command("git", append([]string{"-C", root, "-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
				}
			}
			git("init", "-q")
			git("checkout", "-q", "--orphan", "squad-state")
			for _, p := range tc.onBranch {
				full := filepath.Join(root, "branch", filepath.FromSlash(p))
				if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(full, []byte("# state\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			git("--work-tree", filepath.Join(root, "branch"), "add", ".")
			git("commit", "-qm", "state")
			if err := os.RemoveAll(filepath.Join(root, "branch")); err != nil {
				t.Fatal(err)
			}
			git("checkout", "-q", "--orphan", "main")
			res, err := Lint(context.Background(), Options{Files: &DiskFiles{Root: root}})
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			for _, f := range res.Run.Findings {
				if f.Rule == "SS201" {
					got = f.Severity.String() + ": " + f.Message
				}
			}
			if tc.want == "" && got != "" || !strings.HasPrefix(got, tc.want) {
				t.Errorf("SS201: %q, want %q", got, tc.want)
			}
		})
	}
}

// TestNestedSquadNote: a .squad/ below the lint root gets one note naming
// the command that lints it; node_modules and the root's own squad do not.
func TestNestedSquadNote(t *testing.T) {
	root := writeTree(t, map[string]string{
		".github/agents/squad.agent.md":           "---\nname: Squad\ndescription: d\n---\n<!-- version: 0.10.0 -->\nBody.\n",
		"packages/app/.squad/team.md":             "# Squad Team\n",
		"node_modules/pkg/.squad/team.md":         "# Squad Team\n",
		"packages/web/.squad/agents/x/charter.md": "# X\n",
	})
	res := lintTree(t, root, Options{})
	var got []string
	for _, f := range res.Run.Findings {
		if f.Rule == "SS201" {
			got = append(got, f.Severity.String()+" "+f.Path+": "+f.Message)
		}
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "note packages/app/.squad/team.md: ") || !strings.Contains(got[0], "squadci lint packages/app") {
		t.Errorf("SS201 findings %q, want one note on packages/app", got)
	}
}

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

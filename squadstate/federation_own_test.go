package squadstate

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// fixtureRepo loads a testdata/squadstate case (its BASE overlay applied)
// as a Repo, so this package's own tests read the trees the lint fixtures
// pin.
func fixtureRepo(t *testing.T, name string) *Repo {
	t.Helper()
	root := t.TempDir()
	testtool.OverlayCase(t, "../testdata/squadstate", name, root)
	files := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		files[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return repoOf(files)
}

func findingsOf(r *Repo, rule string) []string {
	var out []string
	for _, d := range Check(r) {
		if d.Rule == rule {
			out = append(out, d.Path+": "+d.Message)
		}
	}
	sort.Strings(out)
	return out
}

// SS128 reads federation.md's registry: a registered sub-squad without a
// history file at the federation root is reported, and nothing when the
// registry's table is not the expected shape.
func TestFederationHistoryReadsTheRegistry(t *testing.T) {
	got := findingsOf(fixtureRepo(t, "ss128-federation-history"), "SS128")
	want := `.copilot-tracking/squad/federation.md: sub-squad "issue-42" has no .copilot-tracking/squad/history/issue-42.md`
	if len(got) != 1 || got[0] != want {
		t.Errorf("SS128 findings %q, want %q", got, want)
	}
	if got := findingsOf(fixtureRepo(t, "hve-federation"), "SS128"); len(got) != 0 {
		t.Errorf("the complete federation has SS128 findings %q", got)
	}
	// A registry whose header is not Sub-squad first: SS126 is about it,
	// SS128 does not guess at its rows.
	r := fixtureRepo(t, "ss128-federation-history")
	fed := sq + "federation.md"
	src := string(r.Files[fed])
	i := strings.Index(src, "| Sub-squad")
	if i < 0 {
		t.Fatalf("no registry header in:\n%s", src)
	}
	r.Files[fed] = []byte(src[:i] + "| Squad" + src[i+len("| Sub-squad"):])
	if got := findingsOf(r, "SS128"); len(got) != 0 {
		t.Errorf("a registry of another shape: SS128 findings %q", got)
	}
}

// SS002 leaves to the agent-file rules the files they scan: an agent file
// and a charter that is a complete kmx charter; any other file under an
// agent's directory is scanned here.
func TestCredentialLeavesKmxChartersToTheAgentRules(t *testing.T) {
	token := "ghp_" + "R8fQ2vX9kLmN4pZ7tY1wB6cD3eH5jK0sA2gU"
	for _, c := range []struct {
		file string
		kmx  bool
		want int
	}{
		{".squad/agents/keaton/charter.md", true, 0},
		{".squad/agents/keaton/charter.md", false, 1},
		{".squad/agents/keaton/history.md", true, 1},
		{".squad/notes/charter.md", true, 1},
	} {
		r := repoOf(map[string]string{".squad/team.md": "# Team\n", c.file: "# Keaton — Lead\n\ntoken " + token + "\n"})
		r.IsKmxCharter = func([]byte) bool { return c.kmx }
		if got := findingsOf(r, "SS002"); len(got) != c.want {
			t.Errorf("%s (kmx %v): SS002 findings %q, want %d", c.file, c.kmx, got, c.want)
		}
	}
}

package squadstate

import (
	"sort"
	"strings"
	"testing"
)

func repoOf(files map[string]string) *Repo {
	r := &Repo{Files: map[string][]byte{}}
	for p, s := range files {
		r.Files[p] = []byte(s)
		r.Paths = append(r.Paths, p)
	}
	sort.Strings(r.Paths)
	return r
}

// TestExplainEvidence checks the report's evidence: what each fact fits,
// and nothing for a pin of no known release.
func TestExplainEvidence(t *testing.T) {
	_, profiles := CheckExplained(repoOf(map[string]string{"apm.lock.yaml": lockOther, sq + "team.md": team8}))
	if len(profiles) != 1 {
		t.Fatalf("%d profiles", len(profiles))
	}
	var got []string
	for _, e := range profiles[0].Evidence {
		got = append(got, e.At+"="+e.Fits)
	}
	if want := "apm.lock.yaml:3= " + sq + "team.md:5=v0.16.0-pre"; strings.Join(got, " ") != want {
		t.Errorf("evidence %q, want %q", got, want)
	}
}

// TestAgentsDeployed checks SS110 runs only when the repository has
// deployed agent files, and then names a roster agent without one.
func TestAgentsDeployed(t *testing.T) {
	count := func(agents []Agent) int {
		r := repoOf(map[string]string{sq + "team.md": team8})
		r.Agents = agents
		n := 0
		for _, d := range Check(r) {
			if d.Rule == "SS110" {
				n++
			}
		}
		return n
	}
	if n := count(nil); n != 0 {
		t.Errorf("no agent files: %d SS110", n)
	}
	if n := count([]Agent{{Path: ".github/agents/other.agent.md", Name: "Other"}}); n != 1 {
		t.Errorf("Squad Lead not deployed: %d SS110, want 1", n)
	}
	if n := count([]Agent{{Path: ".github/agents/squad-lead.agent.md", Name: "Squad Lead"}}); n != 0 {
		t.Errorf("Squad Lead deployed: %d SS110", n)
	}
}

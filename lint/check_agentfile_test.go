package lint

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/report"

	"github.com/squadci/squadci/internal/testtool"
)

var updateAgentFixtures = flag.Bool("update-agentfile", false, "rewrite the .out files of the agent-file lint projects")

const agentProjects = "../testdata/agentfile/lint/projects"

// agentFindings renders the agent-file and engine findings of a run in the
// one-line form, dropping other domains' findings (a fixture project is not
// a complete squad).
func agentFindings(fs []report.Finding) []string {
	var out []string
	for _, f := range report.Ungroup(fs) { // each rule's findings, not the grouping of causes
		r, _ := diag.Lookup(f.Rule)
		if r == nil || (r.Domain != "agentfile" && r.Domain != "engine") {
			continue
		}
		out = append(out, fmt.Sprintf("%s:%d:%d: %s: %s [%s]", f.Path, f.Line, f.Column, f.Severity, f.Message, f.Rule))
	}
	return out
}

func TestAgentFileProjects(t *testing.T) {
	entries, err := os.ReadDir(agentProjects)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		t.Run(e.Name(), func(t *testing.T) {
			root := filepath.Join(agentProjects, e.Name())
			res := lintTree(t, root, Options{})
			testtool.CompareOut(t, filepath.Join(agentProjects, e.Name()+".out"), agentFindings(res.Run.Findings), *updateAgentFixtures)
		})
	}
}

// TestAgentFileNarrowedHandoffs checks a single-file run still resolves
// handoffs against the other agent files, and reports only the target.
func TestAgentFileNarrowedHandoffs(t *testing.T) {
	root := filepath.Join(agentProjects, "handoffs")
	full := agentFindings(lintTree(t, root, Options{}).Run.Findings)
	var want []string
	for _, f := range full {
		if strings.HasPrefix(f, ".github/agents/planner.agent.md:") {
			want = append(want, f)
		}
	}
	got := agentFindings(lintTree(t, root, Options{Targets: []string{".github/agents/planner.agent.md"}}).Run.Findings)
	if strings.Join(got, "\n") != strings.Join(want, "\n") || len(got) == 0 {
		t.Errorf("narrowed run:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestAgentFileCaps(t *testing.T) {
	big := "# Big\n\n" + strings.Repeat("x", 300<<10) + "\n"
	charter := "# Big\n\n## Identity\n- **ID:** big\n- **Purpose:** p\n\n## Accountable Responsibilities\n" + strings.Repeat("x", 300<<10) + "\n"
	root := writeTree(t, map[string]string{"big.agent.md": big, ".squad/agents/big/charter.md": charter})
	got := agentFindings(lintTree(t, root, Options{}).Run.Findings)
	want := []string{
		".squad/agents/big/charter.md:1:1: error: file is 300.1 KiB; the limit for this kind of file is 256.0 KiB [SQ002]",
		"big.agent.md:1:1: error: file is 300.0 KiB; the limit for this kind of file is 256.0 KiB [SQ002]",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestAgentFileKind(t *testing.T) {
	cases := map[string]string{
		"a.agent.md":                           "agent",
		"deep/dir/x.agent.md":                  "agent",
		".github/chatmodes/x.chatmode.md":      "agent",
		".github/chatmodes/sub/x.chatmode.md":  "",
		"x.chatmode.md":                        "",
		".squad/agents/greeter/charter.md":     "charter",
		".squad/agents/greeter/sub/charter.md": "",
		"sub/.squad/agents/greeter/charter.md": "",
		".squad/agents/greeter/history.md":     "",
		"README.md":                            "",
	}
	for p, want := range cases {
		if got := agentFileKind(p); got != want {
			t.Errorf("agentFileKind(%q) = %q, want %q", p, got, want)
		}
	}
}

// TestRealworldAgentsLintClean lints the hand-written corpus of agent files
// in the hosts' documented styles: no findings at all.
func TestRealworldAgentsLintClean(t *testing.T) {
	res := lintTree(t, "../testdata/realworld", Options{})
	if res.Run.Files < 30 {
		t.Errorf("only %d files checked; the corpus has at least 30", res.Run.Files)
	}
	for _, f := range res.Run.Findings {
		t.Errorf("%s:%d:%d: %s: %s [%s]", f.Path, f.Line, f.Column, f.Severity, f.Message, f.Rule)
	}
}

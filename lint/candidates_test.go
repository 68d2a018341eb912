package lint

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/report"
)

// candidatesRepo is a repository with several agents, a handoff and a
// subagent entry naming agents it lacks (AF108), a prompt file whose agent
// it lacks (PF104), a skill and a squad with one member.
func candidatesRepo() map[string]string {
	agent := func(name, extra string) string {
		return "---\nname: " + name + "\ndescription: Does " + name + "'s work.\n" + extra + "---\n" + name + " works.\n"
	}
	return map[string]string{
		".github/agents/planner.agent.md": agent("Planner", "handoffs:\n"+
			"  - {label: Build, agent: Implementor, prompt: Build the plan.}\n"+
			"  - {label: Review, agent: Reviewr, prompt: Review the plan.}\n"),
		".github/agents/reviewer.agent.md": agent("Reviewer", "agents: [Planner, Ghost]\n"),
		".github/agents/writer.agent.md":   agent("Writer", ""),
		".github/agents/tester.agent.md":   agent("Tester", ""),
		".github/prompts/ship.prompt.md":   "---\nagent: Nobody Here\ndescription: Ship it.\n---\nShip.\n",
		".github/prompts/fix.prompt.md":    "---\nagent: Writr\ndescription: Fix it.\n---\nFix.\n",
		".github/skills/triage/SKILL.md":   "---\nname: triage\ndescription: Sorts issues.\n---\n\nSort.\n",
		".squad/team.md": "# Team\n\n## Members\n\n| Name | Role | Charter | Status |\n|------|------|---------|--------|\n" +
			"| Ripley | Lead | .squad/agents/ripley/charter.md | active |\n",
		".squad/agents/ripley/charter.md": "# Ripley\n\nLeads the team.\n",
	}
}

// findingKey is a finding's identity: rule, path, fingerprint, occurrence.
func findingKey(f *report.Finding) string {
	return fmt.Sprintf("%s %s %s %d", f.Rule, f.Path, f.Fingerprint, f.Occurrence)
}

func lintCandidatesRepo(t *testing.T, root string) []report.Finding {
	t.Helper()
	return report.Ungroup(lintTree(t, root, Options{}).Run.Findings)
}

// TestAddingAFileKeepsOtherMessages: adding an agent, a skill or a squad
// member changes the message of no finding the two runs share; the new
// agent joins the candidates of the findings about unknown agents.
func TestAddingAFileKeepsOtherMessages(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  func(files map[string]string)
		agent string // the name the edit adds to AF108's and PF104's candidates
	}{
		{"agent", func(files map[string]string) {
			files[".github/agents/archivist.agent.md"] = "---\nname: Archivist\ndescription: Files things.\n---\nFiles.\n"
		}, "Archivist"},
		{"agent without a name", func(files map[string]string) {
			files[".github/agents/aardvark.agent.md"] = "---\ndescription: Digs.\n---\nDigs.\n"
		}, "aardvark"},
		{"skill", func(files map[string]string) {
			files[".github/skills/release/SKILL.md"] = "---\nname: release\ndescription: Cuts releases.\n---\n\nCut.\n"
		}, ""},
		{"squad member", func(files map[string]string) {
			files[".squad/team.md"] += "| Dallas | Captain | .squad/agents/dallas/charter.md | active |\n"
			files[".squad/agents/dallas/charter.md"] = "# Dallas\n\nCaptains the ship.\n"
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := candidatesRepo()
			before := lintCandidatesRepo(t, writeTree(t, files))
			tc.edit(files)
			after := lintCandidatesRepo(t, writeTree(t, files))
			was := map[string]*report.Finding{}
			for i := range before {
				was[findingKey(&before[i])] = &before[i]
			}
			shared, unknown := 0, 0
			for i := range after {
				f := &after[i]
				old, ok := was[findingKey(f)]
				if !ok {
					continue
				}
				shared++
				if old.Message != f.Message {
					t.Errorf("%s %s:%d: message changed\n was: %s\n now: %s", f.Rule, f.Path, f.Line, old.Message, f.Message)
				}
				if f.Rule != "AF108" && f.Rule != "PF104" {
					continue
				}
				unknown++
				if tc.agent != "" && (!slices.Contains(f.Candidates, tc.agent) || slices.Contains(old.Candidates, tc.agent)) {
					t.Errorf("%s %s:%d: candidates %q before, %q after; want %s added", f.Rule, f.Path, f.Line, old.Candidates, f.Candidates, tc.agent)
				}
			}
			if unknown != 5 || shared < unknown+1 {
				t.Errorf("%d findings in both runs, %d of them AF108 or PF104 (want 5: Implementor, Reviewr, Ghost, Nobody Here, Writr)", shared, unknown)
				for _, f := range after {
					t.Logf("%s %s:%d %s", f.Rule, f.Path, f.Line, f.Message)
				}
			}
		})
	}
}

// TestUnknownAgentMessages: a message names the single nearest agent, or
// points at its candidates, and never lists the repository's agents.
func TestUnknownAgentMessages(t *testing.T) {
	fs := lintCandidatesRepo(t, writeTree(t, candidatesRepo()))
	want := map[string]string{
		"Implementor": `frontmatter.handoffs[0].agent: "Implementor" names no agent VS Code can find (names match exactly, case included); see its candidates for the names it can resolve to`,
		"Reviewr":     `frontmatter.handoffs[1].agent: "Reviewr" names no agent VS Code can find (names match exactly, case included); did you mean "Reviewer"?`,
		"Ghost":       `frontmatter.agents[1]: "Ghost" names no agent VS Code can find (names match exactly, case included); see its candidates for the names it can resolve to`,
		"Nobody Here": `frontmatter.agent: "Nobody Here" is neither a built-in agent nor an agent file's name in this repository; see its candidates for the names it can resolve to`,
		"Writr":       `frontmatter.agent: "Writr" is neither a built-in agent nor an agent file's name in this repository; did you mean "Writer"?`,
	}
	cands := []string{"Planner", "Reviewer", "Tester", "Writer", "agent", "ask", "edit", "Plan"}
	for _, f := range fs {
		if f.Rule != "AF108" && f.Rule != "PF104" {
			continue
		}
		name := strings.Split(f.Message, `"`)[1]
		if f.Message != want[name] {
			t.Errorf("%s %s: message\n got: %s\nwant: %s", f.Rule, f.Path, f.Message, want[name])
		}
		if !slices.Equal(f.Candidates, cands) {
			t.Errorf("%s %s: candidates %q, want %q", f.Rule, f.Path, f.Candidates, cands)
		}
		delete(want, name)
	}
	if len(want) > 0 {
		t.Errorf("no finding about %v", want)
	}
}

// TestCandidatesInOutputs: a lint's candidates reach json, jsonl (the
// candidates array), SARIF (properties.candidates) and text (a
// candidates: line), and only the findings that have some carry them.
func TestCandidatesInOutputs(t *testing.T) {
	root := writeTree(t, candidatesRepo())
	run := lintTree(t, root, Options{}).Run
	line := "Planner, Reviewer, Tester, Writer, agent, ask, edit, Plan"

	var js bytes.Buffer
	if err := report.WriteJSON(&js, &run); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Diagnostics []struct {
			Rule, Message string
			Candidates    []string `json:"candidates"`
		} `json:"diagnostics"`
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	with := 0
	for _, d := range doc.Diagnostics {
		switch {
		case d.Candidates == nil:
			t.Errorf("json %s: candidates missing or null, want an array", d.Rule)
		case d.Rule == "AF108" || d.Rule == "PF104":
			with++
			if strings.Join(d.Candidates, ", ") != line {
				t.Errorf("json %s: candidates %q", d.Rule, d.Candidates)
			}
		case len(d.Candidates) > 0 && d.Rule != "SS114":
			t.Errorf("json %s %q: candidates %q", d.Rule, d.Message, d.Candidates)
		}
	}
	if with != 5 {
		t.Errorf("json: %d findings with agent candidates, want 5", with)
	}

	var sarif bytes.Buffer
	if _, err := report.WriteSARIF(&sarif, &run); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID     string `json:"ruleId"`
				Properties *struct {
					Candidates []string `json:"candidates"`
				} `json:"properties"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(sarif.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	with = 0
	for _, r := range log.Runs[0].Results {
		if r.RuleID == "AF108" || r.RuleID == "PF104" {
			if r.Properties == nil || strings.Join(r.Properties.Candidates, ", ") != line {
				t.Errorf("sarif %s: properties %+v", r.RuleID, r.Properties)
				continue
			}
			with++
		}
	}
	if with != 5 {
		t.Errorf("sarif: %d results with properties.candidates, want 5", with)
	}

	var text bytes.Buffer
	if err := report.WriteText(&text, &run, report.TextOptions{Gutter: true}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(text.String(), "\ncandidates: "+line+"\n"); n != 5 {
		t.Errorf("text: %d candidates lines, want 5:\n%s", n, text.String())
	}
	var oneline bytes.Buffer
	if err := report.WriteText(&oneline, &run, report.TextOptions{}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(oneline.String(), "Tester") {
		t.Errorf("oneline lists the candidates:\n%s", oneline.String())
	}
}

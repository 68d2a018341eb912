package agentfile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleHandoffTarget = diag.Register(diag.Rule{
	ID: "AF108", Name: "agentfile-handoff-target", Severity: diag.SeverityWarning, Domain: "agentfile",
	Short: "Handoff or agents: entry names no agent VS Code can find",
	Full: "VS Code resolves a handoff's agent and an agents: entry by exact, case-sensitive name " +
		"(chatModes.ts findModeByName compares mode.name): a custom agent is named by its frontmatter name " +
		"when that is a string, else by its file name without .agent.md, .chatmode.md or .md " +
		"(promptsService: header.name ?? getCleanPromptName(uri)), so an agent that has a name is not found by " +
		"its file name. The built-in agents are agent, ask and edit (the ChatModeKind values); the GitHub " +
		"Copilot Chat extension adds Plan (assets/agents/Plan.agent.md). In agents:, * stands for every agent " +
		"(promptFileAttributes.ts) and [] for none. VS Code keeps a handoff whose agent it cannot find: the " +
		"button shows, and choosing it stays in the current agent; its validator warns \"Unknown agent\". The " +
		"name may belong to an agent outside the repository (a user-profile agent, an extension's), so this is " +
		"a warning; the message names the entry and, when one name is nearest, that name, and the finding's " +
		"candidates list the names it could resolve to, spelled as VS Code matches them. In a repository with an APM manifest (apm.yml), whose dependencies install agents from other " +
		"repositories, it is a note saying so.",
	Help:     "Write the agent's display name exactly (its frontmatter name, or its file name when it has none), or add the agent file it refers to.",
	Consumer: "VS Code finds no agent of that name, so the handoff button or subagent entry does nothing; Copilot CLI does not read handoffs. Warning: a reference that resolves to nothing.",
})

// builtinAgents are the agents VS Code offers without a file: the
// ChatModeKind values, and the Plan agent GitHub Copilot Chat ships.
var builtinAgents = []string{"agent", "ask", "edit", "Plan"}

// subagents checks agents: and records its entries for the cross-file
// check.
func (h *hostCheck) subagents(v *yaml.Node, field string) {
	if !h.stringList(v, field, false) {
		return
	}
	for i, e := range v.Content {
		if isString(e) && e.Value != "*" {
			f := fmt.Sprintf("%s[%d]", field, i)
			h.c.subagents = append(h.c.subagents, HandoffRef{Agent: e.Value, Field: f, Span: h.ys.span(e)})
		}
	}
}

// UnresolvedHandoffs reports the file's handoffs and agents: entries whose
// agent is neither a built-in nor accepted by known (which looks names up
// across the repository's agent files, as VS Code names them). names, the
// repository's agent names, are the findings' candidates and feed the
// message's did-you-mean when one of them is the single nearest.
func (r *Report) UnresolvedHandoffs(known func(name string) bool, names []string) []diag.Diagnostic {
	return r.UnresolvedAgents(known, names, "")
}

// UnresolvedAgents is UnresolvedHandoffs for a repository whose package
// manifest installs agents into it (installer names the manifest, e.g.
// apm.yml): a name the repository does not hold may be one of those, so
// the finding is a note that says so.
func (r *Report) UnresolvedAgents(known func(name string) bool, names []string, installer string) []diag.Diagnostic {
	var out []diag.Diagnostic
	cands := agentCandidates(names)
	for _, refs := range [][]HandoffRef{r.Handoffs, r.Subagents} {
		for _, h := range refs {
			if slices.Contains(builtinAgents, h.Agent) || known(h.Agent) {
				continue
			}
			d := ruleHandoffTarget.At(r.Path, h.Span, "%s: %s names no agent VS Code can find (names match exactly, case included); %s",
				h.Field, quotedName(h.Agent), suggestion(h.Agent, cands)).WithCandidates(cands)
			if installer != "" {
				d.Severity = diag.SeverityNote
				d.Message += " (it may be an agent that " + installer + " installs)"
			}
			out = append(out, d)
		}
	}
	return out
}

// quotedName is the agent name in quotes, or a placeholder when it is not
// safe to repeat.
func quotedName(s string) string {
	if plainName(s) {
		return "\"" + s + "\""
	}
	return "the agent (name withheld)"
}

// suggestion is the message's end for an agent name it cannot find: the
// single nearest name when one is nearest, else a pointer to the
// finding's candidates. It never lists the repository's names, so adding
// an agent file leaves it as it was.
func suggestion(agent string, candidates []string) string {
	if s := diag.BestMatch(agent, candidates); s != "" {
		return "did you mean \"" + s + "\"?"
	}
	return "see its candidates for the names it can resolve to"
}

// agentCandidates are the names an agent reference could resolve to: the
// repository's agent names safe to repeat, sorted, then the built-ins.
func agentCandidates(names []string) []string {
	var out []string
	for _, n := range slices.Compact(slices.Sorted(slices.Values(names))) {
		if strings.TrimSpace(n) != "" && plainName(n) && !slices.Contains(builtinAgents, n) {
			out = append(out, n)
		}
	}
	return append(out, builtinAgents...)
}

// AgentCandidates is agentCandidates for the prompt files' agent: check.
func AgentCandidates(names []string) []string { return agentCandidates(names) }

// AgentSuggestion is suggestion for the prompt files' agent: check.
func AgentSuggestion(agent string, candidates []string) string { return suggestion(agent, candidates) }

// plainName reports a name safe to repeat in a suggestion: printable,
// short, not credential-shaped.
func plainName(s string) bool {
	if len(s) > 80 {
		return false
	}
	for _, r := range s {
		if refusedRune(r) {
			return false
		}
	}
	return plainKey(strings.NewReplacer(" ", "-", ".", "-").Replace(s))
}

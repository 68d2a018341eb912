package agentfile

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleHandoffTarget = diag.Register(diag.Rule{
	ID: "AF108", Name: "agentfile-handoff-target", Severity: diag.SeverityWarning, Domain: "agentfile",
	Short: "Handoff names no agent in this repository",
	Full: "A handoff's agent should name an agent the host can switch to: an agent file in the repository " +
		"(by its frontmatter name or its file name without .agent.md) or a built-in agent (agent, ask, " +
		"edit, plan).",
	Help: "Correct the agent name, or add the agent file it refers to.",
})

// builtinAgents are the agents VS Code offers without a file.
var builtinAgents = []string{"agent", "ask", "edit", "plan"}

// UnresolvedHandoffs reports the file's handoffs whose agent is neither a
// built-in nor accepted by known (which looks names up across the
// repository's agent files). names, when given, feed the suggestion.
func (r *Report) UnresolvedHandoffs(known func(name string) bool, names []string) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, h := range r.Handoffs {
		if isBuiltinAgent(h.Agent) || known(h.Agent) {
			continue
		}
		hint := ""
		if s := diag.Closest(h.Agent, names); s != "" && plainName(s) {
			hint = " (did you mean \"" + s + "\"?)"
		}
		out = append(out, ruleHandoffTarget.At(r.Path, h.Span,
			"%s: agent names no agent file in this repository%s", h.Field, hint))
	}
	return out
}

func isBuiltinAgent(name string) bool {
	for _, b := range builtinAgents {
		if strings.EqualFold(name, b) {
			return true
		}
	}
	return false
}

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

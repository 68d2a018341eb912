package agentfile

import (
	"slices"
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleUnknownKey = diag.Register(diag.Rule{
	ID: "AF102", Name: "agentfile-unknown-key", Severity: diag.SeverityWarning, Domain: "agentfile",
	Short: "Frontmatter or handoff key is not one VS Code or GitHub reads",
	Full: "Known frontmatter keys are the union of VS Code's custom-agent attributes " +
		"(microsoft/vscode src/vs/workbench/contrib/chat/common/promptSyntax/languageProviders/promptFileAttributes.ts, " +
		"customAgentAttributes: name, description, argument-hint, model, reasoning-effort, tools, handoffs, target, infer, " +
		"agents, user-invocable, disable-model-invocation, advancedOptions, github, hooks) and GitHub's custom-agent " +
		"reference (github/docs content/copilot/reference/custom-agents-configuration.md: name, description, target, " +
		"tools, model, disable-model-invocation, user-invocable, infer, mcp-servers, metadata). Handoff keys: label, " +
		"agent, prompt, send, showContinueOn, model. VS Code's validator warns about any other key and the hosts " +
		"ignore it (Copilot CLI 1.0 warns \"unknown field ignored\"; early 0.0.x releases, 0.0.400 among them, refused an agent with an " +
		"unknown field), so an unknown key is a warning (often a misspelling), and the message names it. Keys that " +
		"another host reads in its own agent files are notes naming that host: OpenCode's agent keys (mode: " +
		"primary/subagent/all, hidden, temperature, top_p, permission, permissions, steps, maxSteps, disable, " +
		"disabled, prompt, system, variant; opencode.ai/docs/agents) and Claude Code's subagent keys (disallowedTools, " +
		"permissionMode, maxTurns, skills, mcpServers, memory, background, effort, isolation, initialPrompt; both " +
		"read color; Copilot CLI 1.0's agent schema reads skills too). Prompt-file keys (agent, and mode naming an agent) and instructions-file keys (applyTo, " +
		"excludeAgent) belong to *.prompt.md and *.instructions.md; in an agent file they are ignored, which the " +
		"warning says. kmx keeps every such key unchanged.",
	Help: "Fix the spelling, or delete the key if no host reads it.",

	Fixable: true,
	Repair: "respells a key that differs from a known one only in letter case (Description → description) when the " +
		"known key is absent from the mapping and no other key folds to it; the hosts read keys case-sensitively.",
	Consumer: "Nothing breaks: VS Code ignores an unknown key and Copilot CLI warns \"unknown field ignored\" and loads the agent; but a misspelt known key (toolz, modle) silently loses the setting. Warning; other hosts' keys are notes.",
})

// otherHostKeys are keys other hosts read in their own agent files: each
// maps to the phrase that names the host.
var otherHostKeys = map[string]string{
	"hidden": "OpenCode's", "temperature": "OpenCode's", "top_p": "OpenCode's", "permission": "OpenCode's",
	"permissions": "OpenCode's", "steps": "OpenCode's", "maxSteps": "OpenCode's", "disable": "OpenCode's",
	"disabled": "OpenCode's", "prompt": "OpenCode's", "system": "OpenCode's", "variant": "OpenCode's",
	"disallowedTools": "Claude Code's", "permissionMode": "Claude Code's", "maxTurns": "Claude Code's",
	"skills": "Claude Code's and Copilot CLI's", "mcpServers": "Claude Code's", "memory": "Claude Code's",
	"background": "Claude Code's", "effort": "Claude Code's", "isolation": "Claude Code's",
	"initialPrompt": "Claude Code's", "color": "OpenCode's and Claude Code's",
}

// openCodeModes are the values OpenCode's mode takes; any other mode is
// the (deprecated) prompt-file key that names the agent to run.
var openCodeModes = []string{"primary", "subagent", "all"}

// otherFileKeys are keys of prompt and instructions files, with what they
// mean there.
var otherFileKeys = map[string]string{
	"agent":        "a prompt file's key (*.prompt.md: the agent that runs the prompt)",
	"mode":         "a prompt file's deprecated key (*.prompt.md: the agent that runs the prompt, now agent)",
	"applyTo":      "an instructions file's key (*.instructions.md: the files the instructions apply to)",
	"excludeAgent": "an instructions file's key (*.instructions.md: the agents that skip the instructions)",
}

// hostsIgnore says who ignores a key the agent-file hosts do not read.
const hostsIgnore = "VS Code, Copilot CLI and the cloud agent ignore it"

// onlyIgnoredBy names who ignores a key another host reads, where that is
// not every agent-file host: Copilot CLI's agent schema reads skills.
var onlyIgnoredBy = map[string]string{"skills": "VS Code and the cloud agent ignore it"}

// foreign reports a frontmatter key that another host or another kind of
// file reads, as a note or a warning; false when the key is nobody's.
func (h *hostCheck) foreign(k, v *yaml.Node, field string) bool {
	host, ok := otherHostKeys[k.Value]
	if k.Value == "mode" && isString(v) && slices.Contains(openCodeModes, v.Value) {
		host, ok = "OpenCode's", true
	}
	switch {
	case ok:
		extra := ""
		if k.Value == "mcpServers" {
			extra = " (GitHub's agent-scoped servers are mcp-servers)"
		}
		ignored := hostsIgnore
		if s := onlyIgnoredBy[k.Value]; s != "" {
			ignored = s
		}
		h.failSev(ruleUnknownKey, k, field, diag.SeverityNote, "%s key %q; %s%s", host, k.Value, ignored, extra)
	case otherFileKeys[k.Value] != "":
		h.fail(ruleUnknownKey, k, field, "%q is %s; in an agent file %s", k.Value, otherFileKeys[k.Value], hostsIgnore)
	default:
		return false
	}
	return true
}

// unknown warns about a key no host reads, naming it when it is safe to
// repeat and suggesting a near spelling.
func (h *hostCheck) unknown(m, k *yaml.Node, field string, allowed []string) {
	name := "(name withheld)"
	if plainKey(k.Value) {
		name = "\"" + k.Value + "\""
		field += "." + k.Value
	}
	hint := " (see its candidates for the known keys)"
	if s := diag.DidYouMean(k.Value, allowed); s != "" {
		hint = s
	}
	h.fail(ruleUnknownKey, k, field, "unknown key %s; %s%s", name, hostsIgnore, hint)
	h.c.out[len(h.c.out)-1].fix = caseFix(h.ys, m, k, allowed)
	h.c.out[len(h.c.out)-1].cands = allowed
}

// caseFix is the fix that respells key k of mapping m as the one known
// key it matches ignoring case, when that key is absent and no other key
// of m folds to it; nil otherwise.
func caseFix(ys *yamlSource, m, k *yaml.Node, known []string) *diag.Fix {
	to, n := "", 0
	for _, name := range known {
		if strings.EqualFold(name, k.Value) {
			to, n = name, n+1
		}
	}
	if n != 1 || m == nil {
		return nil // no known key, or two that differ only in case: no one meaning
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if other := m.Content[i]; other != k && strings.EqualFold(other.Value, to) {
			return nil
		}
	}
	return renameKey(ys, k, to)
}

// CaseFix is caseFix on this header's top-level mapping.
func (h *Header) CaseFix(k *yaml.Node, known []string) *diag.Fix {
	if h.ys == nil {
		return nil
	}
	return caseFix(h.ys, h.Root, k, known)
}

// CaseFix is caseFix on this frontmatter's top-level mapping.
func (f *Front) CaseFix(k *yaml.Node, known []string) *diag.Fix {
	if f.ys == nil || f.Root == nil {
		return nil
	}
	return caseFix(f.ys, f.Root, k, known)
}

package skill

import (
	"slices"

	"github.com/squadci/squadci/lint/diag"
)

var ruleUnknownKey = diag.Register(diag.Rule{
	ID: "SK106", Name: "skill-unknown-key", Severity: diag.SeverityNote, Domain: "skill",
	Short: "A frontmatter key is not an Agent Skills field",
	Full: "The Agent Skills fields are name, description, license, compatibility, metadata and allowed-tools " +
		"(agentskills.io specification). Hosts read more: VS Code argument-hint, user-invocable, " +
		"disable-model-invocation and context (promptValidator allAttributeNames); Claude Code also " +
		"when_to_use, model, effort, agent, hooks, paths and shell; Squad domain, confidence, source, tools, " +
		"triggers, roles and allowedTools. VS Code's keys are known, as they are for agent files: no finding. " +
		"Squad's keys are known in a repository with a squad (.squad/team.md) and in the directories only Squad " +
		"loads. Another host's key is a note naming the host that reads it. A key no host " +
		"reads is a note too (VS Code shows it only as a hint, and skills-ref refuses it): put extra data under " +
		"metadata. A key one or two letters away from a known one is a warning, since the field meant is " +
		"then not set.",
	Help:     "fix the spelling, or move data no host reads under metadata",
	Consumer: "nothing breaks: VS Code, Copilot CLI and Claude Code ignore keys they do not read, but a misspelt key leaves its field unset",
	Since:    "Agent Skills specification",
	Fixable:  true,
	Repair: "respells a key that differs from a field some host reads only in letter case (Description → " +
		"description) when that field is absent and no other key folds to it; hosts read keys case-sensitively.",
})

// unknownKeys reports keys beyond the specification, naming who reads them.
func (c *check) unknownKeys() {
	names := fieldNames()
	slices.Sort(names) // suggestions must not depend on map order
	for key, kv := range c.sortedKeys() {
		f, known := fields[key]
		span := c.spanOf(kv.k)
		switch {
		case known && f.host == "":
		case known && f.host == hostSquad && (c.ctx.SquadRepo || c.owner.squadOnly):
			// Squad's own keys where Squad is the host: its loader reads them.
		case known && f.host == hostVSCode:
			// VS Code is a host squadci judges for (as for agent files, its
			// keys are known); user-invokable's deprecation is fieldTypes'.
		case known:
			c.report(ruleUnknownKey, span, 0, "key %q is not an Agent Skills field; only %s reads it", key, f.host)
		default:
			if near := diag.Closest(key, names); near != "" {
				c.report(ruleUnknownKey, span, diag.SeverityWarning, "key %q is no field any host reads (did you mean %q?)", key, near)
			} else {
				c.report(ruleUnknownKey, span, 0, "key %q is no field any host reads; put extra data under metadata", key)
			}
			c.out[len(c.out)-1].Fix = c.front.CaseFix(kv.k, names)
		}
	}
}

// sortedKeys yields the top-level keys in file order.
func (c *check) sortedKeys() func(yield func(string, keyValue) bool) {
	return func(yield func(string, keyValue) bool) {
		root := c.front.Root
		if root == nil {
			return
		}
		for i := 0; i+1 < len(root.Content); i += 2 {
			k := root.Content[i]
			if kv := c.keys[k.Value]; kv.k == k && !yield(k.Value, kv) {
				return
			}
		}
	}
}

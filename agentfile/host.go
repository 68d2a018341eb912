package agentfile

import (
	"path"
	"slices"
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

// hostKeys are the frontmatter keys VS Code (customAgentAttributes in
// promptFileAttributes.ts) and GitHub (custom-agents-configuration) read.
var hostKeys = []string{
	"name", "description", "target", "tools", "model", "reasoning-effort", "disable-model-invocation",
	"user-invocable", "infer", "mcp-servers", "metadata", "argument-hint", "handoffs", "agents", "hooks",
	"github", "advancedOptions",
}

// host runs the host-format checks (lint only): file-name rules for every
// agent file, and the frontmatter rules for agents that have one.
func (c *checker) host() {
	c.checkFileName()
	c.checkChatmode()
	f := c.front
	if f == nil || c.fatal {
		return
	}
	c.checkPromptLength()
	if !f.parsed {
		return
	}
	root := f.root
	if root == nil {
		c.requireDescription(nil)
		c.noteAllTools(nil)
		return
	}
	h := &hostCheck{c: c, ys: f.ys, root: root}
	pairs(root, func(k, v *yaml.Node) { h.key(k, v) })
	c.requireDescription(root)
	c.noteAllTools(root)
}

// hostCheck walks one frontmatter mapping.
type hostCheck struct {
	c    *checker
	ys   *yamlSource
	root *yaml.Node // the frontmatter mapping
}

func (h *hostCheck) fail(r *diag.Rule, n *yaml.Node, field, format string, args ...any) {
	if (r == ruleFieldType || r == ruleBoolean) && cliTyped(field) {
		format += cliRejects
	}
	h.c.fail(r, h.ys.span(n), field, "", format, args...)
}

// cliRejects is what Copilot CLI does with a frontmatter value its agent
// schema types differently: the whole agent fails to load.
const cliRejects = "; Copilot CLI rejects the whole agent as malformed"

// cliTypedKeys are the frontmatter keys Copilot CLI's custom-agent schema
// (@github/copilot 1.0.x) types; any other key it ignores with a warning,
// so a wrong type there costs VS Code's reading only.
var cliTypedKeys = []string{"name", "description", "tools", "model", "mcp-servers", "github",
	"disable-model-invocation", "user-invocable", "infer"}

// cliTyped reports whether field (frontmatter.KEY[...]) is one Copilot
// CLI's agent schema checks.
func cliTyped(field string) bool {
	k, ok := strings.CutPrefix(field, "frontmatter.")
	if !ok {
		return false
	}
	if i := strings.IndexAny(k, ".["); i >= 0 {
		k = k[:i]
	}
	return slices.Contains(cliTypedKeys, k)
}

// failSev records a finding at sev, lower than the rule's own severity.
func (h *hostCheck) failSev(r *diag.Rule, n *yaml.Node, field string, sev diag.Severity, format string, args ...any) {
	h.fail(r, n, field, format, args...)
	h.c.out[len(h.c.out)-1].sev = sev
}

// key checks one top-level frontmatter key and its value.
func (h *hostCheck) key(k, v *yaml.Node) {
	field := "frontmatter." + k.Value
	switch k.Value {
	case "name", "argument-hint", "description":
		h.text(v, field)
	case "target":
		h.target(v, field)
	case "tools":
		h.tools(k, v, field)
	case "model":
		h.model(v, field)
	case "agents":
		h.subagents(v, field)
	case "disable-model-invocation", "user-invocable":
		h.boolean(v, field)
	case "infer", "user-invokable":
		h.deprecated(k, field)
		h.boolean(v, field)
	case "metadata":
		h.metadata(v, field)
	case "reasoning-effort":
		h.reasoningEffort(v, field)
	case "hooks", "github", "advancedOptions":
		h.is(v, yaml.MappingNode, ruleFieldType, field, "must be a mapping")
	case "mcp-servers":
		h.mcpServers(v, field)
	case "handoffs":
		h.handoffs(v, field)
	default:
		if !h.foreign(k, v, field) {
			h.unknown(h.root, k, "frontmatter", hostKeys)
		}
	}
}

// is reports whether v is of kind; otherwise, unless it is an alias (the
// YAML rules report those), it records msg against v.
func (h *hostCheck) is(v *yaml.Node, kind yaml.Kind, r *diag.Rule, field, msg string) bool {
	if v.Kind == kind {
		return true
	}
	if v.Kind != yaml.AliasNode {
		h.fail(r, v, field, "%s", msg)
	}
	return false
}

// text checks a string key that must not be blank.
func (h *hostCheck) text(v *yaml.Node, field string) {
	switch {
	case v.Kind == yaml.AliasNode:
	case !isString(v):
		h.fail(ruleFieldType, v, field, "must be a string")
	case strings.TrimSpace(v.Value) == "":
		h.fail(ruleDescription, v, field, "must not be blank")
	}
}

// stringList checks a sequence of strings; nonempty when required.
func (h *hostCheck) stringList(v *yaml.Node, field string, nonempty bool) bool {
	if !h.is(v, yaml.SequenceNode, ruleFieldType, field, "must be a sequence of strings") {
		return false
	}
	if nonempty && len(v.Content) == 0 {
		h.fail(ruleFieldType, v, field, "must not be an empty sequence")
		return false
	}
	ok := true
	for _, e := range v.Content {
		if e.Kind != yaml.AliasNode && !isString(e) {
			h.fail(ruleFieldType, e, field, "entries must be strings")
			ok = false
		}
	}
	return ok
}

// stem is a file's name without .agent.md, .chatmode.md or .md.
func stem(p string) string {
	base := path.Base(strings.ReplaceAll(p, "\\", "/"))
	for _, ext := range []string{".agent.md", ".chatmode.md", ".md"} {
		if strings.HasSuffix(base, ext) {
			return strings.TrimSuffix(base, ext)
		}
	}
	return base
}

package agentfile

import (
	"slices"
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleFieldType = diag.Register(diag.Rule{
	ID: "AF106", Name: "agentfile-field-type", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Frontmatter key has the wrong type",
	Full: "name, description and argument-hint are strings; tools is a sequence of strings or one " +
		"comma-separated string; model is a string (VS Code also takes a nonempty sequence of strings, Copilot CLI " +
		"only one string); agents is a sequence " +
		"of strings; metadata is a mapping of strings to strings; mcp-servers is a mapping of server " +
		"mappings whose env and headers are mappings of strings; a handoff's model is a string. VS Code's " +
		"attribute table (promptFileAttributes.ts) types hooks, github and advancedOptions as maps, and " +
		"reasoning-effort as one of low, medium, high, xhigh, max; VS Code forwards only those values to the " +
		"Copilot runtime and drops any other (microsoft/vscode pull request 329263), so the key has no effect. " +
		"Copilot CLI's agent schema (@github/copilot 1.0) types name, description, tools, model, mcp-servers, github, " +
		"disable-model-invocation, user-invocable and infer, and rejects the whole agent as malformed when one of " +
		"them has another type; the message says so for those keys.",
	Help:     "Write the value in the type the message names.",
	Consumer: "Copilot CLI's agent schema rejects the whole agent as malformed when a key has the wrong type (its model is one string, tools a list or a comma-separated string, mcp-servers a mapping of servers); VS Code drops the value. Error: a host drops the agent or the setting.",
})

// model is one model name or a nonempty priority list of them.
func (h *hostCheck) model(v *yaml.Node, field string) {
	switch {
	case v.Kind == yaml.AliasNode:
	case isString(v):
		h.modelNames(v, field, false)
	case v.Kind == yaml.SequenceNode:
		if h.stringList(v, field, true) {
			for _, e := range v.Content {
				if isString(e) {
					h.modelNames(e, field, true)
				}
			}
		}
	default:
		h.fail(ruleFieldType, v, field, "must be a string (VS Code also takes a nonempty sequence of strings)")
	}
}

// reasoningEfforts are the values VS Code's reasoning-effort accepts.
var reasoningEfforts = []string{"low", "medium", "high", "xhigh", "max"}

// reasoningEffort is one of reasoningEfforts.
func (h *hostCheck) reasoningEffort(v *yaml.Node, field string) {
	if v.Kind == yaml.AliasNode || isString(v) && slices.Contains(reasoningEfforts, v.Value) {
		return
	}
	hint := ""
	if isString(v) {
		hint = diag.DidYouMean(v.Value, reasoningEfforts)
	}
	h.fail(ruleFieldType, v, field, "must be one of %s; VS Code drops any other value%s",
		strings.Join(reasoningEfforts, ", "), hint)
}

// metadata is a mapping of strings to strings.
func (h *hostCheck) metadata(v *yaml.Node, field string) {
	if !h.is(v, yaml.MappingNode, ruleFieldType, field, "must be a mapping of strings to strings") {
		return
	}
	pairs(v, func(_, e *yaml.Node) {
		if e.Kind != yaml.AliasNode && !isString(e) {
			h.fail(ruleFieldType, e, field, "values must be strings")
		}
	})
}

// tools is a sequence of strings or one comma-separated string.
func (h *hostCheck) tools(k, v *yaml.Node, field string) {
	switch {
	case v.Kind == yaml.AliasNode || v.Tag == "!!null" || isString(v):
	case v.Kind == yaml.SequenceNode:
		h.stringList(v, field, false)
	default:
		h.fail(ruleFieldType, v, field, "must be a sequence of strings or a comma-separated string")
		return
	}
	h.toolsUnmapped(k, field)
}

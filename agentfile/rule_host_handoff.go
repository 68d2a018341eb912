package agentfile

import (
	"fmt"
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleHandoff = diag.Register(diag.Rule{
	ID: "AF107", Name: "agentfile-handoff", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Handoff is malformed",
	Full: "handoffs is a sequence of mappings, each with label (nonblank string), agent (nonblank string) " +
		"and prompt (string); send and showContinueOn are optional booleans and model an optional string.",
	Help:     "Give every handoff a label, the target agent and a prompt.",
	Consumer: "VS Code keeps a handoff only when it has label, agent and prompt, and drops a malformed one; Copilot CLI does not read handoffs. Error: VS Code loses the handoff.",
})

var handoffKeys = []string{"label", "agent", "prompt", "send", "showContinueOn", "model"}

// HandoffRef is a handoff's target agent as written, for the cross-file
// check that it names an agent in the repository.
type HandoffRef struct {
	Agent string
	Field string // e.g. frontmatter.handoffs[0].agent
	Span  diag.Span
}

func (h *hostCheck) handoffs(v *yaml.Node, field string) {
	if !h.is(v, yaml.SequenceNode, ruleHandoff, field, "must be a sequence of handoff mappings") {
		return
	}
	for i, e := range v.Content {
		h.handoff(e, fmt.Sprintf("%s[%d]", field, i))
	}
}

func (h *hostCheck) handoff(n *yaml.Node, field string) {
	if !h.is(n, yaml.MappingNode, ruleHandoff, field, "handoff must be a mapping with label, agent and prompt") {
		return
	}
	got := map[string]bool{}
	pairs(n, func(k, v *yaml.Node) {
		f := field + "." + k.Value
		got[k.Value] = true
		switch k.Value {
		case "label", "agent":
			if v.Kind != yaml.AliasNode && (!isString(v) || strings.TrimSpace(v.Value) == "") {
				h.fail(ruleHandoff, v, f, "must be a nonblank string")
			} else if k.Value == "agent" && isString(v) {
				h.c.handoffs = append(h.c.handoffs, HandoffRef{Agent: v.Value, Field: f, Span: h.ys.span(v)})
			}
		case "prompt":
			if v.Kind != yaml.AliasNode && !isString(v) {
				h.fail(ruleHandoff, v, f, "must be a string")
			}
		case "send", "showContinueOn":
			h.boolean(v, f)
		case "model":
			if v.Kind != yaml.AliasNode && !isString(v) {
				h.fail(ruleFieldType, v, f, "must be a string")
			}
		default:
			h.unknown(n, k, field, handoffKeys)
		}
	})
	if missing := missingFields(field, []string{"label", "agent", "prompt"}, got); missing != "" {
		h.fail(ruleHandoff, n, missing, "handoff has no %s; VS Code keeps a handoff only when it has label, agent and prompt, and drops this one", missingKeys([]string{"label", "agent", "prompt"}, got))
	}
}

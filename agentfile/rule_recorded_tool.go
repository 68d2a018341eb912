package agentfile

import (
	"fmt"
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleRecordedTool = diag.Register(diag.Rule{
	ID: "AF023", Name: "agentfile-recorded-tool", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Per-test mocks.tools entry is malformed",
	Full: "mocks holds only tools: a sequence of entries, each naming a declared tool once with an explicit " +
		"mode: live or mode: recorded. Live entries have only name and mode. A recorded entry may carry a " +
		"description, an offline JSON parameter schema (type: object, no external $ref) and calls; calls: " +
		"[] is a pending recording, and a populated recording has a nonblank description, the schema and " +
		"exactly one saved call whose arguments and result are JSON objects. Recorded data must be exact " +
		"JSON: numbers in JSON form that round-trip exactly, no timestamps or other non-JSON values, no " +
		"duplicate keys, also inside JSON encoded in strings. Nothing is executed: this is data.",
	Help:     "Name a declared tool, set mode, and give recorded entries one call with object arguments and result.",
	Consumer: "kmx's agent-file loader (agentfile.Parse, squadci agentfile export) refuses the recorded tool entry, so the test cannot run offline. Error: the contract refuses it.",
})

var (
	mockFields  = []string{"tools"}
	entryFields = []string{"name", "mode", "description", "parameters", "calls"}
	callFields  = []string{"arguments", "result"}
)

func (e *examplesCheck) mocks(v *yaml.Node, field string) []ToolMock {
	if !e.isMapping(v, field, ruleRecordedTool, "mocks is a mapping with tools") {
		return nil
	}
	var out []ToolMock
	pairs(v, func(k, tools *yaml.Node) {
		if e.c.stopped() {
			return
		}
		if k.Value != "tools" {
			e.unknownField(ruleRecordedTool, k, field, mockFields)
			return
		}
		f := field + ".tools"
		if tools.Kind != yaml.SequenceNode {
			if tools.Kind != yaml.AliasNode {
				e.fail(ruleRecordedTool, tools, f, "list the tool entries", "tools must be a sequence")
			}
			return
		}
		names := map[string]int{}
		for j, n := range tools.Content {
			if m, ok := e.toolEntry(n, fmt.Sprintf("%s[%d]", f, j), names); ok {
				out = append(out, m)
			}
			if e.c.stopped() {
				return
			}
		}
	})
	return out
}

// toolEntry validates one mocks.tools entry.
func (e *examplesCheck) toolEntry(n *yaml.Node, field string, names map[string]int) (ToolMock, bool) {
	var m ToolMock
	if !e.isMapping(n, field, ruleRecordedTool, "a tool entry is a mapping with name and mode") {
		return m, false
	}
	before := len(e.c.out)
	nodes := map[string]*yaml.Node{}
	keys := map[string]*yaml.Node{}
	pairs(n, func(k, v *yaml.Node) {
		for _, f := range entryFields {
			if k.Value == f {
				nodes[f], keys[f] = v, k
				return
			}
		}
		e.unknownField(ruleRecordedTool, k, field, entryFields)
	})
	if v := nodes["name"]; v != nil {
		m.Name = e.entryName(v, field+".name", names)
	}
	if v := nodes["mode"]; v != nil {
		if s, ok := e.str(ruleRecordedTool, v, field+".mode"); ok {
			if s != ModeLive && s != ModeRecorded {
				e.fail(ruleRecordedTool, v, field+".mode", "write mode: live or mode: recorded", "mode must be live or recorded")
			}
			m.Mode = s
		}
	}
	got := map[string]bool{"name": nodes["name"] != nil, "mode": nodes["mode"] != nil}
	if missing := missingFields(field, []string{"name", "mode"}, got); missing != "" {
		e.fail(ruleRecordedTool, n, missing, "name a declared tool and set its mode", "tool entry is missing required fields")
	}
	switch m.Mode {
	case ModeLive:
		for _, f := range []string{"description", "parameters", "calls"} {
			if k := keys[f]; k != nil {
				e.fail(ruleRecordedTool, k, field+"."+f, "delete it, or switch the entry to mode: recorded", "live entries have only name and mode")
			}
		}
	case ModeRecorded:
		e.recorded(&m, nodes, field)
	}
	return m, len(e.c.out) == before
}

func (e *examplesCheck) entryName(v *yaml.Node, field string, names map[string]int) string {
	s, ok := e.str(ruleRecordedTool, v, field)
	switch {
	case !ok:
	case !e.declared[s]:
		e.fail(ruleRecordedTool, v, field, "declare the tool first, or name a declared tool", "name is not a declared tool")
	case names[s] > 0:
		e.fail(ruleRecordedTool, v, field, "keep one entry per tool", "tool has another entry in this test (line %d)", names[s])
	default:
		names[s] = e.c.lineAt(e.ys.span(v).Start) + 1
	}
	return s
}

// recorded validates a recorded entry's description, schema and calls.
func (e *examplesCheck) recorded(m *ToolMock, nodes map[string]*yaml.Node, field string) {
	if v := nodes["description"]; v != nil {
		if s, ok := e.str(ruleRecordedTool, v, field+".description"); ok {
			m.Description = s
		}
	}
	if v := nodes["parameters"]; v != nil {
		m.Parameters = e.parameters(v, field+".parameters")
	}
	calls := nodes["calls"]
	if calls == nil {
		return
	}
	if calls.Kind != yaml.SequenceNode {
		if calls.Kind != yaml.AliasNode {
			e.fail(ruleRecordedTool, calls, field+".calls", "write calls: [] for a pending recording, or one saved call",
				"calls must be a sequence")
		}
		return
	}
	if len(calls.Content) == 0 {
		return
	}
	if len(calls.Content) > 1 {
		e.fail(ruleRecordedTool, calls.Content[1], fmt.Sprintf("%s.calls[1]", field), "keep exactly one saved call",
			"a recording holds exactly one saved call")
		return
	}
	var missing []string
	if strings.TrimSpace(m.Description) == "" {
		missing = append(missing, field+".description")
	}
	if nodes["parameters"] == nil {
		missing = append(missing, field+".parameters")
	}
	if len(missing) > 0 {
		e.fail(ruleRecordedTool, calls, strings.Join(missing, ", "), "add a nonblank description and the parameter schema",
			"a populated recording needs a nonblank description and a parameter schema")
	}
	if c, ok := e.call(calls.Content[0], field+".calls[0]"); ok {
		m.Calls = []RecordedCall{c}
	}
}

// call validates one saved call: object arguments and object result.
func (e *examplesCheck) call(n *yaml.Node, field string) (RecordedCall, bool) {
	var c RecordedCall
	if !e.isMapping(n, field, ruleRecordedTool, "a call is a mapping with arguments and result") {
		return c, false
	}
	before := len(e.c.out)
	got := map[string]bool{}
	pairs(n, func(k, v *yaml.Node) {
		f := field + "." + k.Value
		switch k.Value {
		case "arguments", "result":
			got[k.Value] = true
			obj := e.payloadObject(v, f)
			if k.Value == "arguments" {
				c.Arguments = obj
			} else {
				c.Result = obj
			}
		default:
			e.unknownField(ruleRecordedTool, k, field, callFields)
		}
	})
	if missing := missingFields(field, callFields, got); missing != "" {
		e.fail(ruleRecordedTool, n, missing, "record both the arguments and the result", "call is missing required fields")
	}
	return c, len(e.c.out) == before
}

// payloadObject converts a recorded payload, which must be a JSON object.
func (e *examplesCheck) payloadObject(v *yaml.Node, field string) map[string]any {
	return e.jsonObject(&payload{e: e, field: field, encoded: true}, v, "record a JSON object, e.g. {}", "must be a JSON object")
}

// jsonObject converts a mapping with p, refusing any other node.
func (e *examplesCheck) jsonObject(p *payload, v *yaml.Node, repair, msg string) map[string]any {
	if v.Kind != yaml.MappingNode {
		if v.Kind != yaml.AliasNode {
			e.fail(ruleRecordedTool, v, p.field, repair, "%s", msg)
		}
		return nil
	}
	obj, _ := p.value(v, 0).(map[string]any)
	return obj
}

// parameters converts the offline parameter schema: a JSON object of type
// object without external references.
func (e *examplesCheck) parameters(v *yaml.Node, field string) map[string]any {
	obj := e.jsonObject(&payload{e: e, field: field, schema: true}, v,
		"write a JSON schema such as {type: object}", "parameters must be a JSON schema object")
	if obj != nil && obj["type"] != "object" {
		e.fail(ruleRecordedTool, v, field, "set type: object at the schema root", "parameters must be a schema of type object")
	}
	return obj
}

package agentfile

import (
	"slices"

	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleMCPType = diag.Register(diag.Rule{
	ID: "AF115", Name: "agentfile-mcp-type", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "mcp-servers server has no type, or one the cloud agent does not accept",
	Full: "Each server under mcp-servers needs type, and GitHub's cloud agent accepts only local, stdio (mapped to " +
		"local), http and sse (github/docs content/copilot/how-tos/use-copilot-agents/cloud-agent/" +
		"extend-cloud-agent-with-mcp.md, \"Required keys for local and remote MCP servers\"; custom-agents-" +
		"configuration.md, \"MCP server type\"). A server without one, or with another (remote, streamable-http), is " +
		"not started there. Copilot CLI's agent schema reads a server without type as local (a command it starts) and " +
		"accepts the same four types; a server at a url without type: http or sse, or any other type, makes it reject " +
		"the whole agent as malformed. mcp-servers is read only by GitHub's hosts, so a file with target: vscode is not checked.",
	Help:     "Set type: local (or stdio) for a command the agent starts, or type: http (or sse) for a server at a URL.",
	Consumer: "Copilot CLI's agent schema requires type http or sse on a remote server and accepts only local or stdio on a local one, and rejects the whole agent as malformed otherwise; the cloud agent refuses the server. Error: a host drops the agent.",
})

// mcpTypes are the server types the cloud agent accepts.
var mcpTypes = []string{"local", "stdio", "http", "sse"}

// mcpType checks a server's type and returns it ("" when it is missing or
// not accepted).
func (h *hostCheck) mcpType(name, server *yaml.Node, field string) string {
	v := mapValue(server, "type")
	switch {
	case v == nil:
		if mapValue(server, "url") != nil && mapValue(server, "command") == nil {
			h.cloudFail(ruleMCPType, name, field, 0, "server has no type: a server at a url needs type: http (or sse); without it "+
				"Copilot CLI rejects the whole agent as malformed and the cloud agent does not start the server")
			break
		}
		h.cloudFail(ruleMCPType, name, field, 0, "server has no type: the cloud agent does not start it (write type: local); "+
			"Copilot CLI reads it as local")
	case v.Kind == yaml.AliasNode:
	case isString(v) && slices.Contains(mcpTypes, v.Value):
		return v.Value
	default:
		h.cloudFail(ruleMCPType, v, field+".type", 0, "type %s is not one the hosts accept (local, stdio, http, sse): Copilot CLI rejects the whole agent as malformed and the cloud agent does not start the server%s",
			shownValue(v), diag.DidYouMean(v.Value, mcpTypes))
	}
	return ""
}

// mapValue is the value of the first key named key in mapping m, or nil.
func mapValue(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// shownValue is a scalar in quotes when it is safe to repeat, else what
// kind of value it is.
func shownValue(v *yaml.Node) string {
	switch {
	case isString(v) && plainName(v.Value):
		return "\"" + v.Value + "\""
	case isString(v):
		return "(value withheld)"
	case v.Kind == yaml.ScalarNode:
		return "(not a string)"
	case v.Kind == yaml.SequenceNode:
		return "(a sequence)"
	}
	return "(a mapping)"
}

// cloudFail records a finding about what GitHub's cloud agent does with
// mcp-servers, at sev (SeverityOff: the rule's own). In Squad's
// coordinator, which `squad upgrade` rewrites, it is at most a warning.
func (h *hostCheck) cloudFail(r *diag.Rule, n *yaml.Node, field string, sev diag.Severity, format string, args ...any) {
	h.fail(r, n, field, format, args...)
	f := &h.c.out[len(h.c.out)-1]
	f.sev = sev
	if isSquadCoordinator(h.c.path) {
		f.msg += " (Squad's coordinator: `squad upgrade` rewrites this file, so the fix is upstream)"
		f.sev = min(f.severity(), diag.SeverityWarning)
	}
}

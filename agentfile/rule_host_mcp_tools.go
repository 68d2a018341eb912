package agentfile

import (
	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleMCPTools = diag.Register(diag.Rule{
	ID: "AF116", Name: "agentfile-mcp-tools", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "mcp-servers server has no tools list",
	Full: "GitHub's cloud agent requires tools on every MCP server: the list of the server's tools to enable, " +
		"[\"*\"] for all (github/docs extend-cloud-agent-with-mcp.md, \"Required keys for local and remote MCP " +
		"servers\"; its guide to reusing a VS Code configuration says to add a tools key to each server). A server " +
		"without one, or with tools that is not a sequence of strings, is not \"fewer tools\": Copilot CLI's agent " +
		"schema requires tools on every server and rejects the whole agent as malformed, and the cloud agent " +
		"enables none of the server's tools. mcp-servers is read only by GitHub's hosts, so a file with target: " +
		"vscode is not checked.",
	Help:     "Add tools: with the server's tools to enable (read-only ones first), or tools: [\"*\"] for all.",
	Consumer: "Copilot CLI's agent schema requires tools on every MCP server and rejects the whole agent as malformed without it (not just the server); the cloud agent enables only the tools listed. Error: a host drops the agent.",
})

// mcpTools checks that a server lists the tools to enable.
func (h *hostCheck) mcpTools(name, server *yaml.Node, field string) {
	v := mapValue(server, "tools")
	switch {
	case v == nil:
		h.cloudFail(ruleMCPTools, name, field, 0, "server has no tools key: Copilot CLI rejects the whole agent as malformed, and the cloud agent enables none of the server's tools; add tools: [\"*\"] for all, or the tools to enable")
	case v.Kind == yaml.AliasNode:
	case v.Kind != yaml.SequenceNode:
		h.cloudFail(ruleMCPTools, v, field+".tools", 0, "tools must be a sequence of tool names, not %s; Copilot CLI rejects the whole agent as malformed", shownValue(v))
	default:
		for _, e := range v.Content {
			if e.Kind != yaml.AliasNode && !isString(e) {
				h.cloudFail(ruleMCPTools, e, field+".tools", 0, "tools entries must be tool names (strings); Copilot CLI rejects the whole agent as malformed")
			}
		}
	}
}

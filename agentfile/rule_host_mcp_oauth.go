package agentfile

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleMCPOAuth = diag.Register(diag.Rule{
	ID: "AF118", Name: "agentfile-mcp-oauth", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "mcp-servers server authenticates with OAuth, which the cloud agent does not support",
	Full: "GitHub's cloud agent \"does not currently support remote MCP servers that leverage OAuth for " +
		"authentication and authorization\" (github/docs, the cloud-agent MCP limitations shown in " +
		"extend-cloud-agent-with-mcp.md), so a server configured with auth of type oauth (or an oauth block) is not " +
		"usable there. mcp-servers is read only by GitHub, so a file with target: vscode is not checked.",
	Help: "Authenticate with a token in headers referencing a COPILOT_MCP_ secret, e.g. Authorization: Bearer $COPILOT_MCP_TOKEN " +
		"(the cloud agent fills it from the Copilot environment, Copilot CLI from the local one).",
	Consumer: "GitHub's cloud agent does not support remote MCP servers that use OAuth, so the server never connects there. Error: the server is unusable on that host.",
})

// mcpOAuth reports an auth: {type: oauth} or an oauth: block.
func (h *hostCheck) mcpOAuth(server *yaml.Node, field string) {
	pairs(server, func(k, v *yaml.Node) {
		switch {
		case strings.EqualFold(k.Value, "oauth"):
			h.cloudFail(ruleMCPOAuth, k, field+"."+k.Value, 0, "OAuth authentication: the cloud agent does not support remote MCP servers that use OAuth")
		case k.Value == "auth" && v.Kind == yaml.MappingNode:
			if t := mapValue(v, "type"); t != nil && isString(t) && strings.EqualFold(t.Value, "oauth") {
				h.cloudFail(ruleMCPOAuth, t, field+".auth.type", 0, "auth type oauth: the cloud agent does not support remote MCP servers that use OAuth")
			}
		}
	})
}

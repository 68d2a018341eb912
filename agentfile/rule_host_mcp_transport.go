package agentfile

import (
	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleMCPTransport = diag.Register(diag.Rule{
	ID: "AF117", Name: "agentfile-mcp-transport", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "mcp-servers server lacks the command or url its type needs",
	Full: "GitHub's cloud agent starts a local (or stdio) server with command and args, both required, and " +
		"passes it env; it connects to an http (or sse) server at url, required, sending headers " +
		"(github/docs extend-cloud-agent-with-mcp.md, \"Local MCP specific keys\" and \"Remote MCP specific keys\"). " +
		"Copilot CLI's agent schema requires the same keys (args a list, [] when there are none) and rejects the " +
		"whole agent as malformed without them. " +
		"A missing required key is an error: the server cannot start or be reached. A key of the other kind " +
		"(url or headers on a local server; command, args or env on a remote one) is ignored, a warning. " +
		"mcp-servers is read only by GitHub, so a file with target: vscode is not checked.",
	Help:     "Give a local server command and args, and a remote server url; remove the keys the other kind uses.",
	Consumer: "Copilot CLI's agent schema requires command and args (a list, [] for none) on a local server and url on a remote one, and rejects the whole agent as malformed without them; the cloud agent cannot start or reach the server. Error: a host drops the agent.",
})

// mcpTransport lists, per type family, the keys it requires and the keys
// of the other family it ignores.
var mcpTransport = map[string]struct{ need, ignored []string }{
	"local": {need: []string{"command", "args"}, ignored: []string{"url", "headers"}},
	"http":  {need: []string{"url"}, ignored: []string{"command", "args", "env"}},
}

// mcpTransportKeys checks the keys a server of type typ needs and ignores.
func (h *hostCheck) mcpTransportKeys(name, server *yaml.Node, field, typ string) {
	family := "local"
	if typ == "http" || typ == "sse" {
		family = "http"
	}
	t := mcpTransport[family]
	for _, k := range t.need {
		if mapValue(server, k) == nil {
			h.cloudFail(ruleMCPTransport, name, field, 0, "%s server needs %s: Copilot CLI rejects the whole agent as malformed without it, and the cloud agent cannot %s the server%s",
				articled(typ), k, map[string]string{"local": "start", "http": "reach"}[family], map[string]string{"args": " (args: [] when it takes none)"}[k])
		}
	}
	pairs(server, func(k, _ *yaml.Node) {
		for _, ig := range t.ignored {
			if k.Value == ig {
				h.cloudFail(ruleMCPTransport, k, field+"."+ig, diag.SeverityWarning, "%s is for %s servers; the cloud agent and Copilot CLI ignore it on %s server",
					ig, map[string]string{"local": "http and sse", "http": "local and stdio"}[family], articled(typ))
			}
		}
	})
}

// articled is typ with its indefinite article: "a local", "an http".
func articled(typ string) string {
	if typ == "http" || typ == "sse" {
		return "an " + typ
	}
	return "a " + typ
}

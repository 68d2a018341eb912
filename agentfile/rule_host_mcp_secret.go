package agentfile

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/secrets"
	"gopkg.in/yaml.v3"
)

var ruleMCPSecret = diag.Register(diag.Rule{
	ID: "AF109", Name: "agentfile-mcp-secret", Severity: diag.SeverityError, Domain: "agentfile", Secret: true,
	Short: "mcp-servers env or headers holds a literal credential or a non-COPILOT_MCP_ reference",
	Full: "Values in an MCP server's env and headers are either literals or references to Copilot " +
		"environment secrets and variables ($X, ${X}, ${X:-default}, ${{ secrets.X }}, ${{ vars.X }}); " +
		"referenced names must start with COPILOT_MCP_ for the cloud agent. Copilot CLI expands $X, ${X} and " +
		"${X:-default} from the local environment and leaves ${{ ... }} as written, so $COPILOT_MCP_X is the one form " +
		"both hosts resolve. A literal credential-shaped value is refused: it " +
		"would be committed with the agent. kmx never executes imported MCP server configuration. In Squad's " +
		"coordinator, which `squad upgrade` rewrites, a non-COPILOT_MCP_ reference is a warning (a literal " +
		"credential stays an error).",
	Help: "Store the credential as a COPILOT_MCP_ secret in the repository's Copilot environment and reference it as " +
		"$COPILOT_MCP_TOKEN: the cloud agent fills it from that environment and Copilot CLI from the local one " +
		"(Copilot CLI leaves ${{ secrets.X }} unresolved).",
	Consumer: "A literal credential in mcp-servers is committed with the file, and GitHub's cloud agent passes a reference that is not to a COPILOT_MCP_ secret or variable to the server unresolved. Error: a security property or the server's login breaks.",
})

// secretRef matches the reference forms Copilot expands in env and
// headers; group 1, 2 or 3 is the referenced name.
var secretRef = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\$\{\{\s*(?:secrets|vars)\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}` +
		`|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}|\$([A-Za-z_][A-Za-z0-9_]*)`)
})

const mcpPrefix = "COPILOT_MCP_"

func (h *hostCheck) mcpServers(v *yaml.Node, field string) {
	if !h.is(v, yaml.MappingNode, ruleFieldType, field, "must be a mapping of server names to server settings") {
		return
	}
	pairs(v, func(name, server *yaml.Node) {
		f := field
		if plainKey(name.Value) {
			f += "." + name.Value
		}
		if !h.is(server, yaml.MappingNode, ruleFieldType, f, "each server must be a mapping") {
			return
		}
		if h.c.frontTarget() != "vscode" {
			h.mcpServer(name, server, f)
		}
		pairs(server, func(k, m *yaml.Node) {
			if k.Value == "env" || k.Value == "headers" {
				h.secretMap(m, f+"."+k.Value)
			}
		})
	})
}

// mcpServer checks what GitHub's cloud agent requires of one server and
// what it rejects or ignores.
func (h *hostCheck) mcpServer(name, server *yaml.Node, field string) {
	if typ := h.mcpType(name, server, field); typ != "" {
		h.mcpTransportKeys(name, server, field, typ)
	}
	h.mcpTools(name, server, field)
	h.mcpOAuth(server, field)
	h.mcpArgsRefs(server, field)
}

// secretMap checks one env or headers mapping.
func (h *hostCheck) secretMap(m *yaml.Node, field string) {
	if !h.is(m, yaml.MappingNode, ruleFieldType, field, "must be a mapping of names to strings") {
		return
	}
	pairs(m, func(k, v *yaml.Node) {
		switch {
		case v.Kind == yaml.AliasNode:
		case !isString(v):
			h.fail(ruleFieldType, v, field, "values must be strings")
		default:
			f := field
			if plainKey(k.Value) {
				f += "." + k.Value
			}
			h.secretValue(k.Value, v, f)
		}
	})
}

// secretValue checks the references in one value, then scans what is left
// for a literal credential (unless the whole-file scan already reported it).
func (h *hostCheck) secretValue(key string, v *yaml.Node, field string) {
	s := v.Value
	literal := []byte(s)
	for _, m := range h.mcpInputRefs(v, field) {
		for i := m[0]; i < m[1]; i++ {
			literal[i] = ' '
		}
	}
	for _, m := range secretRef().FindAllStringSubmatchIndex(s, -1) {
		name := ""
		for g := 1; g <= 3; g++ {
			if m[2*g] >= 0 {
				name = s[m[2*g]:m[2*g+1]]
			}
		}
		cli := "Copilot CLI fills it from the local environment"
		if m[2] >= 0 {
			cli = "Copilot CLI resolves no ${{ }} reference"
		}
		msg := fmt.Sprintf("%s names %s, which the cloud agent never passes to an MCP server: only secrets and variables named %s* reach it (%s; write $%s%s, which both resolve)",
			s[m[0]:m[1]], name, mcpPrefix, cli, mcpPrefix, name)
		switch {
		case strings.HasPrefix(name, mcpPrefix):
		case isSquadCoordinator(h.c.path):
			// `squad init --mcp-frontmatter` writes a placeholder server with
			// ${GITHUB_TOKEN}: it does not resolve on the cloud agent, but the
			// file is Squad's.
			h.c.failVendor(ruleMCPSecret, h.ys.span(v), field, diag.SeverityWarning, msg)
		default:
			h.fail(ruleMCPSecret, v, field, "%s", msg)
		}
		for i := m[0]; i < m[1]; i++ {
			literal[i] = ' '
		}
	}
	if len(secrets.ScanKeyValue(key, string(literal))) == 0 {
		return
	}
	span := h.ys.span(v)
	for _, s := range h.c.secrets {
		if s.Start < span.End && span.Start < s.End {
			return
		}
	}
	h.c.secrets = append(h.c.secrets, span)
	h.fail(ruleMCPSecret, v, field, "literal credential-shaped value (withheld); store it as a %s* secret and write $%sNAME, "+
		"which the cloud agent fills from that secret and Copilot CLI from the local environment", mcpPrefix, mcpPrefix)
}

package agentfile

import (
	"regexp"
	"sync"

	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleMCPInputRef = diag.Register(diag.Rule{
	ID: "AF119", Name: "agentfile-mcp-input-reference", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "mcp-servers value uses a VS Code ${input:...} or ${env:...} reference the cloud agent does not resolve",
	Full: "VS Code's MCP configuration fills ${input:name} from a prompt and ${env:NAME} from the local " +
		"environment; GitHub's cloud agent does neither. It substitutes only Copilot environment secrets and " +
		"variables whose names start with COPILOT_MCP_ ($COPILOT_MCP_X, ${COPILOT_MCP_X}, ${{ secrets.COPILOT_MCP_X }}, " +
		"${{ vars.COPILOT_MCP_X }}), and its guide to reusing a VS Code configuration says to replace inputs with env " +
		"(github/docs extend-cloud-agent-with-mcp.md; custom-agents-configuration.md, \"MCP server environment " +
		"variables and secrets\"). Copilot CLI expands only $NAME, ${NAME} and ${NAME:-default} from the local environment, so it " +
		"passes ${input:...} and ${env:...} unresolved too. The server receives the reference text itself. Checked in env, headers and args; " +
		"mcp-servers is read only by GitHub, so a file with target: vscode is not checked.",
	Help: "Store the value as a COPILOT_MCP_ secret in the repository's Copilot environment and reference it as " +
		"$COPILOT_MCP_API_KEY, which the cloud agent fills from that environment and Copilot CLI from the local one.",
	Consumer: "GitHub's cloud agent and Copilot CLI resolve no VS Code ${input:} or ${env:} reference, so the server gets the literal text as its credential. Error: the server's login breaks on those hosts.",
})

// vscodeRef matches ${input:...} and ${env:...}; group 1 is the kind,
// group 2 the name.
var vscodeRef = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\$\{(input|env):([^}]*)\}`)
})

// mcpInputRefs reports the VS Code references in one string value and
// returns their byte ranges, for the literal scan to skip.
func (h *hostCheck) mcpInputRefs(v *yaml.Node, field string) [][]int {
	ms := vscodeRef().FindAllStringSubmatchIndex(v.Value, -1)
	if h.c.frontTarget() == "vscode" {
		return ms
	}
	for _, m := range ms {
		kind, name := v.Value[m[2]:m[3]], v.Value[m[4]:m[5]]
		ref := "${" + kind + ":…}"
		if plainKey(name) {
			ref = "${" + kind + ":" + name + "}"
		}
		what := map[string]string{"input": "a VS Code input variable", "env": "a VS Code environment reference"}[kind]
		h.cloudFail(ruleMCPInputRef, v, field, 0, "%s is %s; the cloud agent and Copilot CLI pass it unresolved: write $COPILOT_MCP_NAME, which the cloud agent fills from "+
			"a COPILOT_MCP_ secret or variable and Copilot CLI from the local environment", ref, what)
	}
	return ms
}

// mcpArgsRefs checks a server's args entries for VS Code references.
func (h *hostCheck) mcpArgsRefs(server *yaml.Node, field string) {
	args := mapValue(server, "args")
	if args == nil || args.Kind != yaml.SequenceNode {
		return
	}
	for _, e := range args.Content {
		if isString(e) {
			h.mcpInputRefs(e, field+".args")
		}
	}
}

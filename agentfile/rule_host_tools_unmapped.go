package agentfile

import (
	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleToolsUnmapped = diag.Register(diag.Rule{
	ID: "AF114", Name: "agentfile-tools-unmapped", Severity: diag.SeverityWarning, Domain: "agentfile",
	Short: "Frontmatter names more than 32 exact tools, so none is mapped",
	Full: "A frontmatter tools declaration with more than 32 exact tool names stays wholly unmapped rather " +
		"than silently activating only the first 32: kmx runs the agent's tests tool-free and keeps the " +
		"header unchanged.",
	Help:     "Trim tools to the 32 or fewer the agent needs, or use tool sets.",
	Consumer: "kmx maps none of more than 32 tools, so the agent's tests run tool-free; the hosts still offer the tools. Warning: the tests do not check what the user meant.",
})

// toolsUnmapped warns at the tools key when the parser left the whole
// declaration unmapped for its size.
func (h *hostCheck) toolsUnmapped(k *yaml.Node, field string) {
	for _, n := range h.c.agent.Notices {
		if n == unmappedToolsNotice {
			h.fail(ruleToolsUnmapped, k, field, "more than %d exact tool names: none is mapped, and tests run tool-free", MaxTools)
		}
	}
}

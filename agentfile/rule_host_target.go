package agentfile

import (
	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleTarget = diag.Register(diag.Rule{
	ID: "AF104", Name: "agentfile-target", Severity: diag.SeverityError, Domain: "agentfile",
	Short:    "Frontmatter target is not vscode or github-copilot",
	Full:     "target selects the host: vscode or github-copilot. Unset means both. Any other value is an error in VS Code. Copilot CLI does not read target: it loads every agent file in .github/agents/ whatever the value, so target: vscode does not keep a file from it.",
	Help:     "Write target: vscode or target: github-copilot, or delete the key.",
	Consumer: "VS Code's validator reports an unknown target and the agent's host selection is lost. Error: a host misreads the file.",
})

var targets = []string{"vscode", "github-copilot"}

func (h *hostCheck) target(v *yaml.Node, field string) {
	if v.Kind == yaml.AliasNode {
		return
	}
	if !isString(v) || (v.Value != targets[0] && v.Value != targets[1]) {
		hint := ""
		if isString(v) {
			hint = diag.DidYouMean(v.Value, targets)
		}
		h.fail(ruleTarget, v, field, "target must be vscode or github-copilot%s", hint)
	}
}

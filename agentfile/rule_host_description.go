package agentfile

import (
	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleDescription = diag.Register(diag.Rule{
	ID: "AF101", Name: "agentfile-description", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Frontmatter description is missing, or a text field is blank",
	Full: "GitHub requires description in a custom agent's frontmatter (Copilot CLI's agent schema types it as a " +
		"required string and rejects the whole agent without it) and VS Code reports an empty one; " +
		"name is optional (it defaults to the file name) but must not be blank when present, and neither " +
		"may argument-hint.",
	Help:     "Add description: with one sentence on what the agent does; delete blank name or argument-hint keys.",
	Consumer: "Copilot CLI's agent schema requires description (a string) and rejects the whole agent as malformed without it; GitHub's cloud agent requires it too; VS Code's validator reports an empty one. Error: a host drops the agent.",
})

// requireDescription reports frontmatter without a description key, at
// the opening delimiter.
func (c *checker) requireDescription(root *yaml.Node) {
	if root != nil {
		for i := 0; i+1 < len(root.Content); i += 2 {
			if root.Content[i].Value == "description" {
				return
			}
		}
	}
	c.fail(ruleDescription, c.lineSpan(c.front.open), "frontmatter.description", "",
		"description is required: Copilot CLI rejects an agent without one as malformed, and GitHub's cloud agent requires it")
}

package agentfile

import (
	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleAllTools = diag.Register(diag.Rule{
	ID: "AF113", Name: "agentfile-all-tools", Severity: diag.SeverityNote, Domain: "agentfile",
	Short: "Frontmatter agent sets no tools, so Copilot gives it every tool",
	Full: "When a Copilot agent omits tools, Copilot offers it all tools, while kmx runs its tests " +
		"tool-free: \"" + ToolsNotice + "\" tools: [] is explicitly tool-free and gets no notice.",
	Help: "Add tools: with the tools the agent needs, or tools: [] for none.",
})

// noteAllTools says what the host does with a frontmatter agent that sets
// no tools (or tools: null), at the opening delimiter.
func (c *checker) noteAllTools(root *yaml.Node) {
	if root != nil {
		for i := 0; i+1 < len(root.Content); i += 2 {
			if root.Content[i].Value == "tools" && root.Content[i+1].Tag != "!!null" {
				return
			}
		}
	}
	c.fail(ruleAllTools, c.lineSpan(c.front.open), "frontmatter.tools", "", "%s", ToolsNotice)
}

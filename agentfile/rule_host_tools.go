package agentfile

import (
	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleAllTools = diag.Register(diag.Rule{
	ID: "AF113", Name: "agentfile-all-tools", Severity: diag.SeverityNote, Domain: "agentfile",
	Short: "Frontmatter agent sets no tools, so Copilot gives it every tool",
	Full: "When an agent file omits tools, GitHub and VS Code offer it every available tool, as tools: [\"*\"] does " +
		"(github/docs custom-agents-configuration.md: \"If unset, defaults to all tools\"). A file that declares tests " +
		"(an Examples section) has them run tool-free by kmx, and the note says so: \"" + ToolsNotice + "\" A file " +
		"without tests gets the host half only: \"" + allToolsNotice + "\" tools: [] is explicitly tool-free and gets " +
		"no notice.",
	Help:     "Add tools: with the tools the agent needs, or tools: [] for none.",
	Consumer: "Nothing breaks: VS Code, Copilot CLI and the cloud agent give an agent without tools every tool; kmx runs its tests without tools. Note: a fact the user may want.",
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
	msg := allToolsNotice
	if c.agent.HasExamples {
		msg = ToolsNotice
	}
	c.fail(ruleAllTools, c.lineSpan(c.front.open), "frontmatter.tools", "", "%s", msg)
}

// allToolsNotice is what the hosts do with an agent that sets no tools and
// declares no tests.
const allToolsNotice = "VS Code, Copilot CLI and the cloud agent give this agent every available tool, as tools: [\"*\"] would. Add tools to choose which."

package promptfile

import "github.com/squadci/squadci/lint/diag"

var rulePromptAgent = diag.Register(diag.Rule{
	ID: "PF104", Name: "prompt-agent-unresolved", Severity: diag.SeverityWarning, Domain: "promptfile",
	Short: "Prompt file's agent names no agent",
	Full: "agent (or the deprecated mode) picks the agent the prompt runs in. VS Code matches it against the " +
		"built-in agents (agent, ask, edit; Copilot Chat's Plan) and the custom agents' names — an agent file's frontmatter " +
		"name, else its file name without .agent.md — exactly (promptValidator.ts: validateAgentValue). An " +
		"unknown name is a warning there too, since the agent may come from the user's profile or an " +
		"extension; squadci resolves it against the repository's agent files, suggests the nearest name " +
		"VS Code would accept when one is nearest, and lists the names it accepts as the finding's candidates.",
	Help:     "Use a built-in agent or the name of an agent file in the repository.",
	Consumer: "VS Code runs the prompt in the current agent instead of the one named",
})

package promptfile

import "github.com/squadci/squadci/lint/diag"

var rulePromptToolsIgnored = diag.Register(diag.Rule{
	ID: "PF106", Name: "prompt-tools-ignored", Severity: diag.SeverityError, Domain: "promptfile",
	Short: "Prompt file sets tools for an agent that takes none",
	Full: "tools only applies when the prompt runs in an agent of the agent kind: the built-in agent, Plan, " +
		"or a custom agent. With agent: ask or agent: edit VS Code ignores the list (promptValidator.ts: " +
		"validateTools, \"The 'tools' attribute is only supported when using agents. Attribute will be " +
		"ignored.\"), so the tools the prompt relies on are not there.",
	Help:     "Set agent: agent (or a custom agent), or delete tools.",
	Consumer: "VS Code ignores tools when the prompt runs in ask or edit, so the tools the prompt relies on are missing; Copilot CLI does not read prompt files",
})

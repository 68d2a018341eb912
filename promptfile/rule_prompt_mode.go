package promptfile

import "github.com/squadci/squadci/lint/diag"

var rulePromptMode = diag.Register(diag.Rule{
	ID: "PF105", Name: "prompt-mode-deprecated", Severity: diag.SeverityWarning, Domain: "promptfile",
	Short: "Prompt file uses the deprecated mode key",
	Full: "mode is the old name of agent. Alone, VS Code still reads it (promptFileParser.ts falls back to " +
		"mode when agent is absent) although its validator asks to rename it; beside agent it is ignored " +
		"(promptValidator.ts: validateAgent).",
	Help:     "Rename mode to agent; when both are set, delete mode.",
	Consumer: "nothing breaks today: VS Code reads mode when agent is absent",
	// Alone, mode means exactly what agent means. Beside agent, deleting
	// it is a person's call: its value may be the one the author meant.
	Fixable: true,
	Repair:  "renames mode to agent when agent is absent; beside agent, mode is left for you to delete.",
})

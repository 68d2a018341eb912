package promptfile

import "github.com/squadci/squadci/lint/diag"

var rulePromptMode = diag.Register(diag.Rule{
	ID: "PF105", Name: "prompt-mode-deprecated", Severity: diag.SeverityWarning, Domain: "promptfile",
	Short: "Prompt file uses the deprecated mode key",
	Full: "mode is the old name of agent. Alone, VS Code still reads it (promptFileParser.ts falls back to " +
		"mode when agent is absent) although its validator asks to rename it; beside agent it is ignored " +
		"(promptValidator.ts: validateAgent). Alone, or beside an agent of the same value, it is a note; " +
		"beside an agent of another value it is a warning, since the mode the author wrote is not the one that runs.",
	Help: "Rename mode to agent; when both are set, delete mode.",
	Consumer: "VS Code reads mode as agent when agent is absent (a note: its validator asks for the rename); " +
		"beside agent, VS Code ignores mode, so a different value the author wrote does not run (warning)",
	// Alone, mode means exactly what agent means. Beside agent, deleting
	// it is a person's call: its value may be the one the author meant.
	Fixable: true,
	Repair:  "renames mode to agent when agent is absent; beside agent, mode is left for you to delete.",
})

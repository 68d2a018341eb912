package promptfile

import "github.com/squadci/squadci/lint/diag"

var rulePromptUnknownKey = diag.Register(diag.Rule{
	ID: "PF102", Name: "prompt-unknown-key", Severity: diag.SeverityWarning, Domain: "promptfile",
	Short: "Prompt file frontmatter key is not one VS Code reads",
	Full: "VS Code reads these prompt-file keys: name, description, argument-hint, agent, mode (deprecated), " +
		"model, tools (promptFileAttributes.ts, promptFileAttributes for *.prompt.md). Any other key is " +
		"ignored, and VS Code's validator marks it with a warning (\"Attribute is not supported in prompt " +
		"files\"). A key that agent files or instructions files read (handoffs, target, applyTo, ...) is " +
		"named as such: it belongs in the other kind of file. In a file outside .github/prompts/ (PF109), which " +
		"VS Code does not offer by default, the key is a note: the file is meant for another repository.",
	Help: "Fix the spelling, move the key to the kind of file that reads it, or delete it.",
	Consumer: "VS Code ignores the key, so what the author meant by it does not happen (warning); in a file " +
		"outside the folder VS Code loads, nothing reads the file as it stands (note)",
	Fixable: true,
	Repair: "respells a key that differs from a known one only in letter case (Description → description) when the " +
		"known key is absent and no other key folds to it; VS Code reads keys case-sensitively.",
})

package promptfile

import "github.com/squadci/squadci/lint/diag"

var ruleInstructionsRepository = diag.Register(diag.Rule{
	ID: "IN107", Name: "instructions-repository-frontmatter", Severity: diag.SeverityWarning, Domain: "instructions",
	Short: ".github/copilot-instructions.md has frontmatter the hosts do not read",
	Full: "The repository-wide instructions apply to every request: VS Code attaches " +
		".github/copilot-instructions.md whenever github.copilot.chat.codeGeneration.useInstructionFiles is on " +
		"(computeAutomaticInstructions.ts: _addAgentInstructions), without reading its header, and GitHub's " +
		"docs describe the file as plain Markdown. applyTo, excludeAgent and description there have no effect. " +
		"A header holding only name or description is a note: nothing the author meant is lost. applyTo, " +
		"excludeAgent or a header that does not parse is a warning: the author meant to scope the file, " +
		"and the hosts apply it to every request instead.",
	Help: "Move scoped guidance to .github/instructions/NAME.instructions.md with applyTo; delete the block here.",
	Consumer: "VS Code and GitHub apply the whole file to every request and read no header: a scoping key " +
		"(applyTo, excludeAgent) is silently ignored (warning); a name or description only labels the file (note)",
})

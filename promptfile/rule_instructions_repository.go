package promptfile

import "github.com/squadci/squadci/lint/diag"

var ruleInstructionsRepository = diag.Register(diag.Rule{
	ID: "IN107", Name: "instructions-repository-frontmatter", Severity: diag.SeverityWarning, Domain: "instructions",
	Short: ".github/copilot-instructions.md has frontmatter the hosts do not read",
	Full: "The repository-wide instructions apply to every request: VS Code attaches " +
		".github/copilot-instructions.md whenever github.copilot.chat.codeGeneration.useInstructionFiles is on " +
		"(computeAutomaticInstructions.ts: _addAgentInstructions), without reading its header, and GitHub's " +
		"docs describe the file as plain Markdown. applyTo, excludeAgent and description there have no effect.",
	Help:     "Move scoped guidance to .github/instructions/NAME.instructions.md with applyTo; delete the block here.",
	Consumer: "nothing breaks: VS Code and GitHub's agents apply .github/copilot-instructions.md to every request whatever its header says, so the keys have no effect",
})

package promptfile

import "github.com/squadci/squadci/lint/diag"

var ruleInstructionsUnknownKey = diag.Register(diag.Rule{
	ID: "IN102", Name: "instructions-unknown-key", Severity: diag.SeverityWarning, Domain: "instructions",
	Short: "Instructions file frontmatter key is not one the hosts read",
	Full: "Instructions files read applyTo, excludeAgent, name and description (VS Code: promptFileAttributes.ts, " +
		"instructionAttributes; GitHub reads applyTo and excludeAgent). Any other key is ignored, and VS " +
		"Code's validator marks it with a warning. A prompt-file or agent-file key (agent, mode, tools, " +
		"model, ...) is named as such, and paths as Claude Code's rules key, which VS Code reads only in " +
		".claude/rules files. In a file outside .github/instructions/ (IN111), which no host loads by default, " +
		"the key is a note: the file is meant for another repository or host.",
	Help: "Fix the spelling, use applyTo for the files it applies to, or delete the key.",
	Consumer: "VS Code and GitHub ignore the key, so what the author meant by it does not happen (warning); " +
		"in a file outside the folder the hosts load, nothing reads the file as it stands (note)",
	Fixable: true,
	Repair: "respells a key that differs from a known one only in letter case (Description → description) when the " +
		"known key is absent and no other key folds to it; VS Code reads keys case-sensitively.",
})

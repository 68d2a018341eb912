package promptfile

import "github.com/squadci/squadci/lint/diag"

var ruleInstructionsExcludeAgent = diag.Register(diag.Rule{
	ID: "IN106", Name: "instructions-exclude-agent", Severity: diag.SeverityWarning, Domain: "instructions",
	Short: "excludeAgent names no agent GitHub can exclude",
	Full: "excludeAgent keeps the file from one of GitHub's agents: \"code-review\" (Copilot code review) or " +
		"\"coding-agent\" (Copilot coding agent), per GitHub's path-specific custom instructions docs. Another " +
		"value excludes nothing, so the file is read by every agent.",
	Help:     "Use code-review or coding-agent.",
	Consumer: "the agent meant to be excluded still reads the file",
})

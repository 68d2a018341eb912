package promptfile

import "github.com/squadci/squadci/lint/diag"

var ruleInstructionsExcludeAgent = diag.Register(diag.Rule{
	ID: "IN106", Name: "instructions-exclude-agent", Severity: diag.SeverityWarning, Domain: "instructions",
	Short: "excludeAgent names no agent GitHub can exclude",
	Full: "excludeAgent keeps the file from one of GitHub's agents: \"code-review\" (Copilot code review) or " +
		"\"coding-agent\" (Copilot coding agent, now the cloud agent), per GitHub's path-specific custom instructions " +
		"docs. Copilot CLI (@github/copilot 1.0) leaves out a file whose excludeAgent names coding-agent or " +
		"cloud-agent, so both names keep the file from the CLI and the cloud agent; VS Code does not read " +
		"excludeAgent. Another value excludes nothing, so the file is read by every agent.",
	Help:     "Use code-review, or coding-agent (cloud-agent is read by Copilot CLI too).",
	Consumer: "Copilot code review, the cloud agent or Copilot CLI, the agent meant to be excluded, still reads the file; a warning, since the user meant to exclude it",
})

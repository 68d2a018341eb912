package agentfile

import "github.com/squadci/squadci/lint/diag"

var ruleText = diag.Register(diag.Rule{
	ID: "AF001", Name: "agentfile-text", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Agent file is not clean UTF-8 text",
	Full: "Agent files are UTF-8 with LF or CRLF line endings; a leading byte-order mark is removed. " +
		"Control characters other than tab and newline, a carriage return that does not end a line, and " +
		"the Unicode line and paragraph separators (U+2028, U+2029) are refused — in the raw text and in " +
		"decoded YAML strings, where an escape such as \"\\u0007\" could otherwise bring them in.",
	Help:     "Save the file as UTF-8 and delete the reported character (or the YAML escape that produces it).",
	Consumer: "kmx's agent-file loader (agentfile.Parse, squadci agentfile export) refuses the file, so the agent cannot be exported or tested; VS Code and GitHub may still load it, but a control or separator character can hide text from a reviewer. Error: the contract refuses it.",
})

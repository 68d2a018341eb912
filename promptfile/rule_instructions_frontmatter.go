package promptfile

import "github.com/squadci/squadci/lint/diag"

var ruleInstructionsFrontmatter = diag.Register(diag.Rule{
	ID: "IN101", Name: "instructions-frontmatter", Severity: diag.SeverityError, Domain: "instructions",
	Short: "Instructions file frontmatter is not a closed YAML mapping",
	Full: "An instructions file's header is the block between a first line holding only --- and the next such " +
		"line, parsed as one YAML mapping (VS Code: promptFileParser.ts; GitHub: custom instructions, " +
		"path-specific). A header that never closes makes VS Code read the whole file as header; YAML that " +
		"does not parse, a header that is not a mapping, and duplicate keys lose the keys, applyTo included, " +
		"so the file is never applied; anchors, aliases, merge keys and custom tags are read by VS Code's " +
		"YAML reader as literal text, not as YAML means them. kmx's own bounds and " +
		"refused characters in decoded strings are warnings.",
	Help:     "Close the header with a --- line and write it as plain key: value lines.",
	Consumer: "VS Code and Copilot CLI read no applyTo from a header they cannot parse, so the file is never applied automatically",
})

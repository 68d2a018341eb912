package promptfile

import "github.com/squadci/squadci/lint/diag"

var rulePromptFrontmatter = diag.Register(diag.Rule{
	ID: "PF101", Name: "prompt-frontmatter", Severity: diag.SeverityError, Domain: "promptfile",
	Short: "Prompt file frontmatter is not a closed YAML mapping",
	Full: "A prompt file's header is the block between a first line holding only --- and the next such line, " +
		"parsed as one YAML mapping (VS Code: promptFileParser.ts). A header that never closes makes VS Code " +
		"read the whole file as header, leaving no prompt; YAML that does not parse, a header that is not a " +
		"mapping, and duplicate keys are reported by VS Code as errors and lose the keys; anchors, aliases, " +
		"merge keys and custom tags are not supported by VS Code's YAML reader (base/common/yaml.ts), which " +
		"reads them as literal text, not as YAML means them. The position is the construct, or the start " +
		"of the block for a syntax error, with the line where the parser stopped. kmx's own bounds (a 16 KiB scalar) and " +
		"refused characters in decoded strings are warnings: the hosts still read such values.",
	Help:     "Close the header with a --- line and write it as plain key: value lines.",
	Consumer: "VS Code reads no attribute of a header it cannot parse (its validator reports the error); Copilot CLI does not read prompt files",
})

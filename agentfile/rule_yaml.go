package agentfile

import "github.com/squadci/squadci/lint/diag"

var ruleYAML = diag.Register(diag.Rule{
	ID: "AF003", Name: "agentfile-yaml", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Frontmatter or Examples YAML uses a refused construct",
	Full: "Frontmatter and the Examples fence each hold exactly one YAML document that parses. Anchors, " +
		"aliases, merge keys (<<), custom tags, non-scalar keys and duplicate keys are refused so that no " +
		"value is hidden, shared or silently overwritten. Malformed YAML is reported at the document start; " +
		"the parser's own words are not repeated.",
	Help:     "Write every value out in full, once, as plain YAML; keep one document per block.",
	Consumer: "kmx's agent-file loader (agentfile.Parse, squadci agentfile export) refuses the file; VS Code's YAML reader and Copilot CLI's frontmatter parser resolve anchors and duplicate keys their own way, so a value can differ per host. Error: the contract refuses it.",
})

package agentfile

import "github.com/squadci/squadci/lint/diag"

var ruleYAML = diag.Register(diag.Rule{
	ID: "AF003", Name: "agentfile-yaml", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Frontmatter or Examples YAML uses a refused construct",
	Full: "Frontmatter and the Examples fence each hold exactly one YAML document that parses. Anchors, " +
		"aliases, merge keys (<<), custom tags, non-scalar keys and duplicate keys are refused so that no " +
		"value is hidden, shared or silently overwritten. Malformed YAML is reported at the document start; " +
		"the parser's own words are not repeated.",
	Help: "Write every value out in full, once, as plain YAML; keep one document per block.",
})

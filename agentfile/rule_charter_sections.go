package agentfile

import "github.com/squadci/squadci/lint/diag"

var ruleSections = diag.Register(diag.Rule{
	ID: "AF011", Name: "agentfile-charter-sections", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Complete charter sections are missing, unknown, repeated, misspelled or out of order",
	Full: "A complete charter has the H2 sections Identity, Accountable Responsibilities, " +
		"Non-Responsibilities and Collaboration and Review Authority, spelled exactly and unindented, plus " +
		"optional Model, Tools and Examples. Missing sections are reported together at 1:1. Unknown and " +
		"duplicate sections are refused. Examples must be last; Tools must come directly before Examples. " +
		"The other sections may be reordered.",
	Help:     "Use exactly the canonical '## Section' headings, once each, with Tools then Examples at the end.",
	Consumer: "kmx's agent-file loader (agentfile.Parse, squadci agentfile export) refuses the charter, so it cannot be exported or tested. Error: the contract refuses it.",
})

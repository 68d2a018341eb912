package agentfile

import "github.com/squadci/squadci/lint/diag"

var ruleResponsibility = diag.Register(diag.Rule{
	ID: "AF014", Name: "agentfile-charter-responsibility", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Charter responsibility section is blank",
	Full: "Accountable Responsibilities, Non-Responsibilities and Collaboration and Review Authority each " +
		"contain nonblank Markdown. Fenced code inside them is prose, not executable configuration.",
	Help:     "Describe this part of the agent's remit under the heading.",
	Consumer: "kmx's agent-file loader (agentfile.Parse, squadci agentfile export) refuses a charter whose responsibility section is blank. Error: the contract refuses it.",
})

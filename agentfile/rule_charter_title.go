package agentfile

import "github.com/squadci/squadci/lint/diag"

var ruleTitle = diag.Register(diag.Rule{
	ID: "AF010", Name: "agentfile-charter-title", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Complete charter does not start with one H1 title",
	Full: "A complete charter starts with one nonblank H1 name: '# Name', '# Name —' or '# Name — Role' " +
		"(display titles, not identity). Only blank lines may follow it before the first canonical H2 " +
		"section; all prose and fenced blocks go inside sections. A second H1 is refused.",
	Help:     "Start the file with '# Name — Role' and put everything else under the ## sections.",
	Consumer: "kmx's agent-file loader (agentfile.Parse, squadci agentfile export) refuses a complete charter without one H1 title. Error: the contract refuses it; VS Code and the Copilot hosts do not read charter structure.",
})

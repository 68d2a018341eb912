package agentfile

import "github.com/squadci/squadci/lint/diag"

var ruleFence = diag.Register(diag.Rule{
	ID: "AF006", Name: "agentfile-unclosed-fence", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Fenced block never closes",
	Full: "Fences open with at least three matching backticks or tildes after zero to three spaces; the " +
		"closing line has the same marker, at least as many, zero to three spaces and no info string. " +
		"Headings inside fences do not create sections, so a fence that never closes would swallow every " +
		"section after it. Unclosed fences are refused in a complete charter and in a structured Examples " +
		"section; in a free-form prompt they stay prose.",
	Help:     "Close the fence with a line of at least as many of the same marker and nothing after it.",
	Consumer: "kmx's agent-file loader (agentfile.Parse, squadci agentfile export) refuses the file: an unclosed fence would swallow every later section, so the instructions and tests are not what they look like. Error: the contract refuses it.",
})

package connector

import "github.com/squadci/squadci/lint/diag"

var ruleResultVersionField = diag.Register(diag.Rule{
	ID: "CN308", Name: "result-version-field", Severity: diag.SeverityError, Domain: "result",
	Short: `A "1.0" result carries a field only "1.1" defines`,
	Full: `bindingId and outputs belong to contract 1.1; a schemaVersion "1.0" envelope returns its ` +
		"artifacts in artifacts only and carries no binding. Reported at the member name.",
	Help:     `Drop the 1.1 fields from the legacy envelope, or answer a "1.1" request with a "1.1" envelope.`,
	Consumer: "squadci resume rejects a 1.0 envelope with 1.1 fields and fails the task. Error.",
})

func checkResultVersionFields(c *resultCheck) {
	c.only11(ruleResultVersionField, "result", "bindingId", "outputs")
}

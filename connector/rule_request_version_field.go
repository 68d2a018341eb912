package connector

import "github.com/squadci/squadci/lint/diag"

var ruleRequestVersionField = diag.Register(diag.Rule{
	ID: "CN206", Name: "request-version-field", Severity: diag.SeverityError, Domain: "request",
	Short: `A "1.0" request carries a field only "1.1" defines`,
	Full: `bindingId and allowedOutputs belong to contract 1.1 (role-mode bindings and orchestrator output ` +
		`slots); a schemaVersion "1.0" request must not carry them. No upgrade is inferred: the request ` +
		"either is 1.1 in full or stays 1.0. Reported at the member name.",
	Help:     `Dispatch a "1.1" request through a 1.1 connector, or drop the 1.1 fields from the legacy request.`,
	Consumer: "A 1.0 adapter does not know bindingId or allowedOutputs and rejects the request, and squadci resume cannot check them. Error.",
})

func checkRequestVersionFields(c *requestCheck) {
	c.only11(ruleRequestVersionField, "request", "bindingId", "allowedOutputs")
}

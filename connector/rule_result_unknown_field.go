package connector

import "github.com/squadci/squadci/lint/diag"

var ruleResultUnknownField = diag.Register(diag.Rule{
	ID: "CN301", Name: "result-unknown-field", Severity: diag.SeverityError, Domain: "result",
	Short: "Result envelope declares a field the schema does not define",
	Full: "The result envelope schema is closed: schemaVersion, connectorId, taskId, role, bindingId, status, " +
		"narrative, artifacts, outputs, provenance and completedAt at the top level; path and description " +
		"in an artifact; outputId and artifacts in an output; fanOut in provenance; worker and summary in " +
		"a fanOut entry. Any other member is an error at its name; a near miss gets a suggestion.",
	Help: "Delete the undeclared member or correct its spelling; anything else the endpoint wants to say " +
		"belongs in an artifact file.",
	Consumer: "The result schema is closed: squadci resume rejects the envelope and fails the task (invalid-result). Error.",
})

package connector

import "github.com/squadci/squadci/lint/diag"

var ruleResultMissingField = diag.Register(diag.Rule{
	ID: "CN302", Name: "result-missing-field", Severity: diag.SeverityError, Domain: "result",
	Short: "Result envelope lacks a required field",
	Full: "Every result declares schemaVersion, connectorId, taskId, role, status, narrative, artifacts (an " +
		"empty array is fine) and completedAt; schemaVersion \"1.1\" also requires bindingId. Every artifact " +
		"needs a path, every output an outputId and artifacts, provenance a fanOut list and each fanOut " +
		"entry a worker and a summary. Each missing field is one finding at the brace of the object that " +
		"lacks it.",
	Help: "Fix the adapter to write every field, copying connectorId, taskId, role and bindingId from the " +
		"request verbatim; then delete this result and let the adapter write a new one, or, once a resume " +
		"has failed the task, dispatch the work again.",
	Consumer: "squadci resume rejects an envelope without a required field and fails the task (invalid-result). Error.",
})

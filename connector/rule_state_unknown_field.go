package connector

import "github.com/squadci/squadci/lint/diag"

var ruleStateUnknownField = diag.Register(diag.Rule{
	ID: "CN411", Name: "state-unknown-field", Severity: diag.SeverityError, Domain: "state",
	Short: "Task state declares a field the schema does not define",
	Full: "The private state schema is closed: schemaVersion, taskId, connectorId, role, bindingId, " +
		"memberName, squadRoot, requestSha256, snapshotSha256, deadline, retryCap, attempts, status, " +
		"consumed, resultSha256, reason, createdAt and updatedAt. Only the shim writes it; adapters never " +
		"touch .squad-connector/.",
	Help:     stateHelp,
	Consumer: "squadci poll, resume and merge read the state to decide what happens next; one they cannot validate stops the task. Error.",
})

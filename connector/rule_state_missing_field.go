package connector

import "github.com/squadci/squadci/lint/diag"

var ruleStateMissingField = diag.Register(diag.Rule{
	ID: "CN412", Name: "state-missing-field", Severity: diag.SeverityError, Domain: "state",
	Short: "Task state lacks a required field",
	Full: "Every state declares schemaVersion, taskId, connectorId, role, requestSha256, snapshotSha256, " +
		"deadline, retryCap, attempts, status, consumed, createdAt and updatedAt. A state missing any of " +
		"them cannot pin the exchange, and a resume fails closed.",
	Help:     stateHelp,
	Consumer: "squadci resume cannot pin the request and snapshot or count attempts without the field, and stops the task. Error.",
})

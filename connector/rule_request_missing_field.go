package connector

import "github.com/squadci/squadci/lint/diag"

var ruleRequestMissingField = diag.Register(diag.Rule{
	ID: "CN202", Name: "request-missing-field", Severity: diag.SeverityError, Domain: "request",
	Short: "Request lacks a required field",
	Full: "Every request declares schemaVersion, taskId, connectorId, role, task, deliverableRoot, deadline, " +
		"retryCap and createdAt; schemaVersion \"1.1\" also requires bindingId, memberName and squadRoot, " +
		"and every allowedOutputs entry needs outputId and deliverableRoot. Each missing field is one " +
		"finding at the opening brace of the object that lacks it.",
	Help:     "Dispatch the task again with `squadci connector dispatch`, which writes every required field.",
	Consumer: "The adapter cannot run a request that lacks a required field, and squadci resume cannot validate its result. Error.",
})

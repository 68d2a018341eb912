package connector

import "github.com/squadci/squadci/lint/diag"

var ruleRequestUnknownField = diag.Register(diag.Rule{
	ID: "CN201", Name: "request-unknown-field", Severity: diag.SeverityError, Domain: "request",
	Short: "Request declares a field the schema does not define",
	Full: "The delegation request schema is closed: schemaVersion, taskId, connectorId, role, bindingId, " +
		"memberName, squadRoot, task, inputs, deliverableRoot, allowedOutputs, deadline, retryCap and " +
		"createdAt at the top level, and outputId, deliverableRoot and description in each allowedOutputs " +
		"entry, spelled exactly so. Any other member is an error at its name; a near miss gets a suggestion.",
	Help: "Requests are written by the shim and pinned by their state: dispatch the work again with " +
		"`squadci connector dispatch` (a new taskId) rather than editing this one; an edited request " +
		"fails its task as tampered.",
	Consumer: "The request schema is closed: the adapter and squadci resume reject the request, so the task never runs. Error.",
})

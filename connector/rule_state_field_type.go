package connector

import "github.com/squadci/squadci/lint/diag"

var ruleStateFieldType = diag.Register(diag.Rule{
	ID: "CN413", Name: "state-field-type", Severity: diag.SeverityError, Domain: "state",
	Short: "Task state field has the wrong JSON type",
	Full: "retryCap and attempts are integers written with digits only, consumed is true or false, and " +
		"every other field is a string.",
	Help:     stateHelp,
	Consumer: "squadci poll, resume and merge read the field as the wrong type and stop the task. Error.",
})

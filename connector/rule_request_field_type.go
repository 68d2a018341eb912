package connector

import "github.com/squadci/squadci/lint/diag"

var ruleRequestFieldType = diag.Register(diag.Rule{
	ID: "CN203", Name: "request-field-type", Severity: diag.SeverityError, Domain: "request",
	Short: "Request field has the wrong JSON type",
	Full: "inputs is an array of strings, allowedOutputs an array of objects, retryCap an integer written " +
		"with digits only (not 2.0 or 2e0); every other field is a string. A value of another type is " +
		"reported at the value and not checked further.",
	Help: "Dispatch the work again with `squadci connector dispatch`, which writes every value with its " +
		`declared type ("retryCap": 2, "inputs": ["docs/plan.md"]); editing a dispatched request fails it as tampered.`,
	Consumer: "The adapter and squadci resume read the field as the wrong type and reject the request. Error.",
})

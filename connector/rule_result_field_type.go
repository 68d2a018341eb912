package connector

import "github.com/squadci/squadci/lint/diag"

var ruleResultFieldType = diag.Register(diag.Rule{
	ID: "CN303", Name: "result-field-type", Severity: diag.SeverityError, Domain: "result",
	Short: "Result envelope field has the wrong JSON type",
	Full: "artifacts and outputs are arrays of objects, provenance an object whose fanOut is an array of " +
		"objects; every other field, at any level, is a string. A value of another type is reported at " +
		"the value and not checked further.",
	Help:     `Write the value with the declared type, for example "artifacts": [{"path": "reports/x/note.md"}].`,
	Consumer: "squadci resume reads the field as the wrong type, rejects the envelope and fails the task. Error.",
})

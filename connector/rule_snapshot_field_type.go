package connector

import "github.com/squadci/squadci/lint/diag"

var ruleSnapshotFieldType = diag.Register(diag.Rule{
	ID: "CN403", Name: "snapshot-field-type", Severity: diag.SeverityError, Domain: "snapshot",
	Short:    "Snapshot field has the wrong JSON type",
	Full:     "roots is an array of objects and entries an array of strings; every other field is a string.",
	Help:     "Snapshots are never edited: dispatch the task again rather than repairing this one.",
	Consumer: "squadci resume reads the field as the wrong type and fails the task. Error.",
})

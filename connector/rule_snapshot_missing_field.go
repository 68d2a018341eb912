package connector

import "github.com/squadci/squadci/lint/diag"

var ruleSnapshotMissingField = diag.Register(diag.Rule{
	ID: "CN402", Name: "snapshot-missing-field", Severity: diag.SeverityError, Domain: "snapshot",
	Short: "Snapshot lacks a required field",
	Full: "Every snapshot declares schemaVersion, taskId, createdAt and roots, and every roots entry its " +
		"root and entries (an empty array when nothing existed). Reported at the brace of the object " +
		"that lacks the field.",
	Help:     "Snapshots are never edited: dispatch the task again rather than repairing this one.",
	Consumer: "squadci resume cannot tell which files existed before the task and fails it. Error.",
})

package connector

import "github.com/squadci/squadci/lint/diag"

var ruleSnapshotUnknownField = diag.Register(diag.Rule{
	ID: "CN401", Name: "snapshot-unknown-field", Severity: diag.SeverityError, Domain: "snapshot",
	Short: "Snapshot declares a field the schema does not define",
	Full: "The snapshot schema is closed: schemaVersion, taskId, createdAt and roots at the top level, " +
		"root and entries in each roots entry. The shim writes it before the request and nobody edits " +
		"it, so an undeclared member means it was changed.",
	Help:     "Snapshots are never edited: dispatch the task again rather than repairing this one.",
	Consumer: "squadci resume reads the snapshot to refuse overwrites; a snapshot it cannot validate makes it fail the task. Error.",
})

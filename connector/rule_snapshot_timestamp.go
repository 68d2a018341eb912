package connector

import "github.com/squadci/squadci/lint/diag"

var ruleSnapshotTimestamp = diag.Register(diag.Rule{
	ID: "CN406", Name: "snapshot-timestamp", Severity: diag.SeverityError, Domain: "snapshot",
	Short:    "Snapshot createdAt is not an RFC 3339 timestamp",
	Full:     "createdAt records when the shim took the snapshot, as an RFC 3339 date-time with a zone.",
	Help:     "Snapshots are never edited: dispatch the task again rather than repairing this one.",
	Consumer: "squadci resume rejects the snapshot: when it was taken is unknown. Error.",
})

func checkSnapshotCreatedAt(c *snapshotCheck) {
	c.s.CreatedAt, _ = c.timestamp(ruleSnapshotTimestamp, "createdAt")
}

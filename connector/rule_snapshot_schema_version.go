package connector

import "github.com/squadci/squadci/lint/diag"

var ruleSnapshotSchemaVersion = diag.Register(diag.Rule{
	ID: "CN404", Name: "snapshot-schema-version", Severity: diag.SeverityError, Domain: "snapshot",
	Short:    `Snapshot schemaVersion is not "1"`,
	Full:     `The snapshot format has one version, "1", written as a string.`,
	Help:     `Snapshots are never edited: dispatch the task again; the shim writes "schemaVersion": "1".`,
	Consumer: "squadci resume knows snapshot version \"1\" only and fails the task. Error.",
})

func checkSnapshotVersion(c *snapshotCheck) {
	c.knownVersion(ruleSnapshotSchemaVersion, `snapshots are version "1"`, SnapshotVersion)
}

package connector

import "github.com/squadci/squadci/lint/diag"

var ruleStateSchemaVersion = diag.Register(diag.Rule{
	ID: "CN414", Name: "state-schema-version", Severity: diag.SeverityError, Domain: "state",
	Short:    `Task state schemaVersion is not "1"`,
	Full:     `The private state format has one version, "1", written as a string.`,
	Help:     stateHelp,
	Consumer: "squadci knows state version \"1\" only and stops the task. Error.",
})

func checkStateVersion(c *stateCheck) {
	c.knownVersion(ruleStateSchemaVersion, `task state is version "1"`, SnapshotVersion)
}

package connector

import "github.com/squadci/squadci/lint/diag"

var ruleResultSchemaVersion = diag.Register(diag.Rule{
	ID: "CN304", Name: "result-schema-version", Severity: diag.SeverityError, Domain: "result",
	Short: `Result schemaVersion is not "1.0" or "1.1"`,
	Full: `A result declares contract version "1.0" or "1.1", written exactly so; it must also equal the ` +
		"request's, which result-identity-mismatch checks.",
	Help:     "Copy schemaVersion from the request.",
	Consumer: "squadci resume cannot validate an envelope of an unknown contract version and fails the task. Error.",
})

func checkResultSchemaVersion(c *resultCheck) {
	c.r.SchemaVersion = c.knownVersion(ruleResultSchemaVersion, `use "1.0" or "1.1"`, "1.0", "1.1")
}

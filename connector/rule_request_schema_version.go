package connector

import "github.com/squadci/squadci/lint/diag"

var ruleRequestSchemaVersion = diag.Register(diag.Rule{
	ID: "CN204", Name: "request-schema-version", Severity: diag.SeverityError, Domain: "request",
	Short: `Request schemaVersion is not "1.0" or "1.1"`,
	Full: `A request declares contract version "1.0" (the legacy single-role flow) or "1.1" (bindings, ` +
		"role modes and orchestrator output slots), written exactly so. Whether the version suits the " +
		"connector is request-manifest-mismatch's question.",
	Help:     `Dispatch with the connector's own schemaVersion; "1.1" for a new connector.`,
	Consumer: "The adapter cannot tell which contract the request follows and rejects it. Error.",
})

func checkRequestSchemaVersion(c *requestCheck) {
	c.r.SchemaVersion = c.knownVersion(ruleRequestSchemaVersion, `use "1.0" or "1.1"`, "1.0", "1.1")
}

package connector

import "github.com/squadci/squadci/lint/diag"

var ruleSchemaVersion = diag.Register(diag.Rule{
	ID: "CN107", Name: "manifest-schema-version", Severity: diag.SeverityError, Domain: "manifest",
	Short: `schemaVersion is not "1.0" or "1.1"`,
	Full: `A manifest declares contract version "1.0" (the legacy single-role manual flow) or "1.1" ` +
		"(role modes, bindings, orchestrator endpoints), written exactly so as a string. Nothing else is " +
		"accepted and no version is inferred.",
	Help:     `Set "schemaVersion": "1.1" for a new connector.`,
	Consumer: "The coordinator and squadci cannot tell which contract the manifest follows and reject it. Error.",
})

func checkSchemaVersion(c *manifestCheck) {
	v, ok := c.text(fSchemaVersion)
	if !ok || v.Str == "1.0" || v.Str == "1.1" {
		return
	}
	c.report(ruleSchemaVersion.At(c.path, v.Span, `schemaVersion %s is not supported; use "1.0" or "1.1"`, c.q(v)))
}

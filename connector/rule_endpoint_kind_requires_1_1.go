package connector

import "github.com/squadci/squadci/lint/diag"

var ruleEndpointKindRequires11 = diag.Register(diag.Rule{
	ID: "CN111", Name: "endpoint-kind-requires-1-1", Severity: diag.SeverityError, Domain: "manifest",
	Short: `endpointKind "orchestrator" needs schemaVersion "1.1"`,
	Full: `Orchestrator endpoints return allowlisted multi-output envelopes, which only contract 1.1 ` +
		`defines. A "1.0" manifest may declare endpointKind "agent" or leave it out; no upgrade is inferred.`,
	Help:     `Set "schemaVersion": "1.1", or use endpointKind "agent" for a 1.0 single-role connector.`,
	Consumer: "Contract 1.0 has no orchestrator envelopes, so the coordinator and squadci resume cannot validate what the connector returns. Error.",
})

func checkEndpointKindVersion(c *manifestCheck) {
	if v, ok := c.text(fEndpointKind); ok && v.Str == "orchestrator" && c.schemaVersion() == "1.0" {
		c.report(ruleEndpointKindRequires11.At(c.path, v.Span,
			`endpointKind "orchestrator" requires schemaVersion "1.1" (this manifest declares "1.0")`))
	}
}

package connector

import "github.com/squadci/squadci/lint/diag"

var ruleEndpointKind = diag.Register(diag.Rule{
	ID: "CN110", Name: "endpoint-kind", Severity: diag.SeverityError, Domain: "manifest",
	Short: `endpointKind is not "agent" or "orchestrator"`,
	Full: `endpointKind says what sits behind the connector: "agent" (a single external agent) or ` +
		`"orchestrator" (a workflow that fans out to its own workers and returns declared outputs).`,
	Help:     `Use "agent" or "orchestrator".`,
	Consumer: "The coordinator decides from endpointKind whether to expect a single result or output slots; any other value is rejected. Error.",
})

func checkEndpointKind(c *manifestCheck) {
	if v, ok := c.text(fEndpointKind); ok && v.Str != "agent" && v.Str != "orchestrator" {
		c.report(ruleEndpointKind.At(c.path, v.Span, `endpointKind %s is not valid; use "agent" or "orchestrator"`, c.q(v)))
	}
}

package connector

import "github.com/squadci/squadci/lint/diag"

var ruleTransportInvalid = diag.Register(diag.Rule{
	ID: "CN109", Name: "transport-invalid", Severity: diag.SeverityError, Domain: "manifest",
	Short: `transport is not "file"`,
	Full: `The only transport is "file" (the file-drop mailbox), written exactly so. "mcp" has its own ` +
		"rule, transport-reserved-mcp; any other value is invalid.",
	Help:     `Use "transport": "file".`,
	Consumer: "Only the file transport exists; the coordinator dispatches nothing to another one. Error.",
})

func checkTransport(c *manifestCheck) {
	if v, ok := c.text(fTransport); ok && v.Str != "file" && v.Str != "mcp" {
		c.report(ruleTransportInvalid.At(c.path, v.Span, `transport %s is not valid; the only transport is "file"`, c.q(v)))
	}
}

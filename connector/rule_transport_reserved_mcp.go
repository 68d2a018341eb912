package connector

import "github.com/squadci/squadci/lint/diag"

var ruleTransportReservedMCP = diag.Register(diag.Rule{
	ID: "CN108", Name: "transport-reserved-mcp", Severity: diag.SeverityError, Domain: "manifest",
	Short: `transport "mcp" is reserved and not implemented`,
	Full: `The manifest schema reserves transport "mcp" for a possible future synchronous mode. It is not ` +
		`implemented, so a manifest declaring it fails validation. The only transport is "file": the ` +
		"file-drop mailbox under dropPath.",
	Help:     `Use "transport": "file" and have your adapter poll the dropPath.`,
	Consumer: "Nothing implements transport mcp, so no request ever reaches the connector. Error.",
})

func checkTransportMCP(c *manifestCheck) {
	if v, ok := c.text(fTransport); ok && v.Str == "mcp" {
		c.report(ruleTransportReservedMCP.At(c.path, v.Span,
			`transport "mcp" is reserved and not implemented; use "file"`))
	}
}

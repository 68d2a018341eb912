package connector

import (
	"unicode/utf8"

	"github.com/squadci/squadci/lint/diag"
)

const maxConnectorIDLen = 63

var ruleConnectorID = diag.Register(diag.Rule{
	ID: "CN106", Name: "connector-id", Severity: diag.SeverityError, Domain: "manifest",
	Short: "connectorId is not a valid connector id",
	Full: "A connector id is 1–63 characters of lowercase ASCII letters and digits in hyphen-separated " +
		"words, starting with a letter (" + KebabPattern + "). It names the mailbox " +
		"(.connector-drops/<connectorId>/), appears in every request and result, and maps the connector " +
		"to its runner in the adapter's configuration.",
	Help:     `Use lowercase words joined by single hyphens, for example "acme-research-agent".`,
	Consumer: "connectorId keys requests, results, bindings and the poll's adapter mapping; an id the contract refuses makes the coordinator reject the manifest. Error.",
})

func checkConnectorID(c *manifestCheck) {
	v, ok := c.text(fConnectorID)
	if !ok {
		return
	}
	switch {
	case !IsKebabID(v.Str):
		c.report(ruleConnectorID.At(c.path, v.Span,
			"connectorId %s must match %s (lowercase letters and digits in hyphen-separated words)", c.q(v), KebabPattern))
	case len(v.Str) > maxConnectorIDLen:
		c.report(ruleConnectorID.At(c.path, v.Span,
			"connectorId has %d characters; at most %d are allowed", utf8.RuneCountInString(v.Str), maxConnectorIDLen))
	}
}

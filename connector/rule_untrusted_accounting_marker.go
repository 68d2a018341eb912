package connector

import "github.com/squadci/squadci/lint/diag"

var ruleUntrustedAccountingMarker = diag.Register(diag.Rule{
	ID: "CN323", Name: "untrusted-accounting-marker", Severity: diag.SeverityWarning, Domain: "result",
	Short: "Envelope text carries an accounting marker",
	Full: "\"External-unmetered:\" and \"Verification:\" are rendered by the Scribe from validated " +
		"registration and binding data. A copy inside a result's narrative, descriptions or provenance is " +
		"untrusted and never becomes the authoritative accounting source; it is reported at the marker so " +
		"a ledger reviewer does not mistake it for the trusted one.",
	Help:     "Leave accounting markers out of the envelope; the Scribe adds the trusted ones.",
	Consumer: "The Scribe renders these markers from validated data; a copy in the envelope could be mistaken for real accounting by the coordinator or a reader. Warning.",
})

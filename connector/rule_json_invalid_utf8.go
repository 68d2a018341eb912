package connector

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleJSONInvalidUTF8 = diag.Register(diag.Rule{
	ID: "CN004", Name: "json-invalid-utf8", Severity: diag.SeverityError, Domain: "json",
	Short: "String contains bytes that are not UTF-8",
	Full: "Connector files are UTF-8. A string holding other bytes (Latin-1, Windows-1252, a cut multi-byte " +
		"sequence) is reported once per string at its first bad byte; the rest of the file is still checked " +
		"with each bad byte read as U+FFFD.",
	Help:     "Re-save the file as UTF-8, or replace the marked character.",
	Consumer: "Readers of connector files replace or reject bytes that are not UTF-8, so the adapter and squadci resume may see different text. Error.",
})

func reportInvalidUTF8(f *jsonFile, p *source.Problem) {
	f.report(ruleJSONInvalidUTF8.At(f.path, p.Span, "%s", p.Message))
}

package connector

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleJSONTrailingData = diag.Register(diag.Rule{
	ID: "CN005", Name: "json-trailing-data", Severity: diag.SeverityError, Domain: "json",
	Short: "Data follows the top-level JSON value",
	Full: "A connector file holds exactly one JSON value. Anything after it other than white space — a second " +
		"object, a stray brace, a comment — is an error; many readers would silently ignore it.",
	Help:     "Delete everything after the closing brace of the top-level object.",
	Consumer: "Readers disagree about data after the value (some take the first, some fail), so the adapter and squadci may read different files. Error.",
})

func reportTrailingData(f *jsonFile, p *source.Problem) {
	f.report(ruleJSONTrailingData.At(f.path, p.Span, "%s", p.Message))
}

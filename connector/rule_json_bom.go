package connector

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleJSONBOM = diag.Register(diag.Rule{
	ID: "CN003", Name: "json-bom", Severity: diag.SeverityError, Domain: "json",
	Short: "File starts with a UTF-8 byte order mark",
	Full: "Connector files are UTF-8 without a byte order mark (RFC 8259 §8.1). Some readers reject a BOM, " +
		"others keep it in the first member name. The rest of the file is still checked.",
	Help: `Save the file as "UTF-8" rather than "UTF-8 with BOM" (in PowerShell 5, Out-File -Encoding utf8 adds one; use [IO.File]::WriteAllText).`,

	Fixable:  true,
	Repair:   "removes the three bytes; the JSON value is unchanged. Exchange files (requests, results, snapshots, states) are never fixed.",
	Consumer: "Some JSON readers (the adapter's, the coordinator's) reject a BOM and others keep it in the first member name, so the file is read differently or not at all. Error.",
})

func reportBOM(f *jsonFile, p *source.Problem) {
	f.report(ruleJSONBOM.At(f.path, p.Span, "%s", p.Message).WithFix(diag.Replace(p.Span, "")))
}

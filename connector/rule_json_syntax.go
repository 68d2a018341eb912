package connector

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleJSONSyntax = diag.Register(diag.Rule{
	ID: "CN001", Name: "json-syntax", Severity: diag.SeverityError, Domain: "json",
	Short: "Connector file is not valid JSON",
	Full: "Every connector file (manifest, request, result, snapshot, state) is one JSON text (RFC 8259). " +
		"The finding points at the first byte the reader could not accept; nothing after it is checked.",
	Help: "Fix the JSON at the marked position: look for a missing comma or quote, a trailing comma, " +
		"single quotes, comments or an unescaped control character.",
	Consumer: "squadci poll, resume and merge, the adapter and the Squad coordinator cannot read the file at all, so the task or connector it belongs to is stuck. Error: every reader rejects it.",
})

func reportJSONSyntax(f *jsonFile, p *source.Problem) {
	f.report(ruleJSONSyntax.At(f.path, p.Span, "%s", p.Message))
}

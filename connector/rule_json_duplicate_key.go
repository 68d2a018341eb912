package connector

import (
	"fmt"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/secrets"
	"github.com/squadci/squadci/lint/source"
)

var ruleJSONDuplicateKey = diag.Register(diag.Rule{
	ID: "CN002", Name: "json-duplicate-key", Severity: diag.SeverityError, Domain: "json",
	Short: "Object declares the same member name twice",
	Full: "JSON parsers disagree on which of two equal member names wins, so a connector file must not " +
		"repeat a name within one object. The finding marks the repeated name and gives the position of " +
		"the first; only the first occurrence is validated further.",
	Help:     "Delete one of the two members, or merge them into one.",
	Consumer: "JSON readers disagree on which duplicate wins, so squadci, the adapter and the coordinator could each see a different value. Error: the file means different things to different readers.",
})

func reportDuplicateKey(f *jsonFile, p *source.Problem) {
	msg := p.Message
	if name, ok := decodedName(f.doc.Src, p.Span); !ok || len(name) > maxQuoted || len(secrets.Scan(name)) > 0 {
		// The reader's message quotes the name; keep long or credential-shaped
		// names out of the report.
		first := f.doc.Lines().Position(p.First.Start)
		msg = fmt.Sprintf("duplicate key %s; first defined at line:%d,col:%d",
			quoteOrRedact(name, ok), first.Line, first.Column)
	}
	f.report(ruleJSONDuplicateKey.At(f.path, p.Span, "%s", msg))
}

// decodedName decodes the JSON string literal at span.
func decodedName(src []byte, span diag.Span) (string, bool) {
	d := source.ParseJSON(src[span.Start:span.End])
	if d.Root == nil || d.Root.Kind != source.KindString {
		return "", false
	}
	return d.Root.Str, true
}

func quoteOrRedact(name string, ok bool) string {
	if !ok || len(secrets.Scan(name)) > 0 {
		return secrets.Redact(name)
	}
	return quoteText(name)
}

package connector

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleJSONTooDeep = diag.Register(diag.Rule{
	ID: "CN006", Name: "json-too-deep", Severity: diag.SeverityError, Domain: "json",
	Short: "JSON nesting is deeper than the reader allows",
	Full: "Connector files are a few levels deep. The reader stops at a fixed nesting bound so that hostile " +
		"input cannot exhaust the stack; a file that reaches it is not checked further.",
	Help:     "Flatten the structure; no connector file needs more than a handful of nested objects or arrays.",
	Consumer: "squadci stops at its nesting bound and does not check the file; other readers may exhaust their stack. Error: the file went unchecked.",
})

func reportTooDeep(f *jsonFile, p *source.Problem) {
	f.report(ruleJSONTooDeep.At(f.path, p.Span, "%s", p.Message))
}

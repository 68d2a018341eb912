package connector

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleJSONNotObject = diag.Register(diag.Rule{
	ID: "CN007", Name: "json-not-object", Severity: diag.SeverityError, Domain: "json",
	Short:    "Top-level JSON value is not an object",
	Full:     "Every connector file is one JSON object with named members. An array, string, number or literal at the top level is an error and nothing else in the file is checked.",
	Help:     "Wrap the content in one object: { \"connectorId\": ..., ... }.",
	Consumer: "Every connector reader expects one object, so squadci, the adapter and the coordinator read nothing from the file. Error.",
})

func checkNotObject(f *jsonFile) {
	root := f.doc.Root
	if root == nil || root.Kind == source.KindObject {
		return
	}
	f.report(ruleJSONNotObject.At(f.path, root.Span, "top-level value is %s; a connector file is one JSON object", article(root.Kind)))
}

// article names a JSON kind with its indefinite article, for messages.
func article(k source.Kind) string {
	switch k {
	case source.KindObject:
		return "an object"
	case source.KindArray:
		return "an array"
	case source.KindString:
		return "a string"
	case source.KindNumber:
		return "a number"
	case source.KindBool:
		return "a boolean"
	case source.KindNull:
		return "null"
	}
	return "not a value"
}

package connector

import (
	"unicode/utf8"

	"github.com/squadci/squadci/lint/diag"
)

// maxStringPoints bounds every string value and member name (spec §1).
const maxStringPoints = 10000

var ruleStringTooLong = diag.Register(diag.Rule{
	ID: "CN008", Name: "string-too-long", Severity: diag.SeverityError, Domain: "json",
	Short: "String is longer than 10,000 characters",
	Full: "Every string value and member name in a connector file is at most 10,000 characters, counted " +
		"in Unicode code points (as JSON Schema maxLength counts them), not bytes or UTF-16 units.",
	Help:     "Shorten the text; long material belongs in an artifact file, referenced by path.",
	Consumer: "The published connector schemas cap strings at 10,000 characters, so a schema-validating adapter or the coordinator rejects the file. Error.",
})

func checkStringLength(f *jsonFile, s string, span diag.Span, isName bool) {
	if len(s) <= maxStringPoints { // bytes >= code points: the common case costs nothing
		return
	}
	n := utf8.RuneCountInString(s)
	if n <= maxStringPoints {
		return
	}
	f.report(ruleStringTooLong.At(f.path, span, "%s has %d characters; at most %d are allowed",
		stringWhat(isName), n, maxStringPoints))
}

func stringWhat(isName bool) string {
	if isName {
		return "member name"
	}
	return "string value"
}

package connector

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleManifestIntegerNotation = diag.Register(diag.Rule{
	ID: "CN105", Name: "manifest-integer-notation", Severity: diag.SeverityError, Domain: "manifest",
	Short: "Integer field is written with a fraction or an exponent",
	Full: "deadlineMinutesDefault and retryCapDefault are integers and must be written as plain integers. " +
		"60.0 and 6e1 have integral values, and JSON Schema accepts them, but readers that type numbers " +
		"by their spelling (PowerShell's ConvertFrom-Json among them) read a floating-point value and " +
		"refuse it as a saved default.",
	Help:     "Write the number as digits only, for example 60 rather than 60.0 or 6e1.",
	Consumer: "Readers that parse integers strictly (the coordinator's, an adapter's) reject 60.0 or 6e1 while JSON Schema accepts them, so readers disagree. Error.",
})

func checkIntegerNotation(c *manifestCheck) {
	for _, i := range [...]int{fDeadline, fRetryCap} {
		v := c.field[i]
		if v == nil || v.Kind != source.KindNumber || integerLiteral(v.Str) || !integralValue(v.Str) {
			continue
		}
		c.report(ruleManifestIntegerNotation.At(c.path, v.Span,
			"field %q is written %s; write the integer with digits only, without a fraction or exponent",
			manifestFields[i].name, cutText(v.Str)))
	}
}

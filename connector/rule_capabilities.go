package connector

import (
	"strings"
	"unicode"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

const maxCapabilities = 32

var ruleCapabilities = diag.Register(diag.Rule{
	ID: "CN112", Name: "manifest-capabilities", Severity: diag.SeverityError, Domain: "manifest",
	Short: "capabilities is empty, too long, blank or repeated",
	Full: "capabilities lists 1–32 sentences saying what the connector can do. Each entry must contain " +
		"something other than white space and appear once (compared exactly). A count problem is " +
		"reported at the array, a blank or repeated entry at the entry.",
	Help:     "Keep one distinct, non-empty sentence per capability, at most 32.",
	Consumer: "The coordinator reads capabilities to decide what to delegate; an empty, blank or repeated list is rejected by its validator. Error.",
})

func checkCapabilities(c *manifestCheck) {
	if !c.typed[fCapabilities] {
		return
	}
	arr := c.field[fCapabilities]
	checkCount(c, ruleCapabilities, arr, "capabilities", 1, maxCapabilities)
	c.eachText(fCapabilities, func(e, first *source.Value) {
		switch {
		case isBlank(e.Str):
			c.report(ruleCapabilities.At(c.path, e.Span, "capabilities[%d] is blank", e.Index))
		case first != nil:
			c.report(ruleCapabilities.At(c.path, e.Span, "capabilities[%d] repeats capabilities[%d]%s",
				e.Index, first.Index, c.at(first)))
		}
	})
}

// isBlank reports whether s has nothing but white space (unicode.IsSpace;
// the schema's nonblank pattern lists the same characters).
func isBlank(s string) bool {
	return strings.TrimFunc(s, unicode.IsSpace) == ""
}

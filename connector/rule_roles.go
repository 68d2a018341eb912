package connector

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

const maxRoles = 16

var ruleRoles = diag.Register(diag.Rule{
	ID: "CN113", Name: "manifest-roles", Severity: diag.SeverityError, Domain: "manifest",
	Short: "roles is empty, too long, repeated or not role ids",
	Full: "roles is the allowlist of squad roles the connector may be bound to: 1–16 distinct role ids " +
		"(" + KebabPattern + "). A schemaVersion \"1.0\" manifest serves exactly one role; several roles " +
		"need 1.1 role modes. Count problems are reported at the array, bad entries at the entry.",
	Help:     `List role ids such as ["researcher"]; use schemaVersion "1.1" for more than one role.`,
	Consumer: "The coordinator binds the connector only to the roles listed; a malformed list is rejected, so it cannot be bound. Error.",
})

func checkRoles(c *manifestCheck) {
	if !c.typed[fRoles] {
		return
	}
	arr := c.field[fRoles]
	if n := len(arr.Elems); c.schemaVersion() == "1.0" && n > 1 {
		c.report(ruleRoles.At(c.path, arr.Span, `schemaVersion "1.0" allows exactly one role; found %d (use "1.1" for several)`, n))
	} else {
		checkCount(c, ruleRoles, arr, "roles", 1, maxRoles)
	}
	c.eachText(fRoles, func(e, first *source.Value) {
		switch {
		case !IsKebabID(e.Str):
			c.report(ruleRoles.At(c.path, e.Span, "role %s must match %s (lowercase letters and digits in hyphen-separated words)", c.q(e), KebabPattern))
		case first != nil:
			c.report(ruleRoles.At(c.path, e.Span, "role %s is listed twice; first%s", c.q(e), c.at(first)))
		}
	})
}

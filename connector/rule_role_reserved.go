package connector

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

// reservedRoles are governance seats: HVE keeps them internal, so no
// connector may be bound to them.
var reservedRoles = [...]string{"coordinator", "squad-coordinator", "federation-coordinator", "scribe", "council"}

var ruleRoleReserved = diag.Register(diag.Rule{
	ID: "CN114", Name: "role-reserved", Severity: diag.SeverityError, Domain: "manifest",
	Short: "roles names a reserved governance identity",
	Full: "The Squad Coordinator, Federation Coordinator, Scribe and council stay internal: an external " +
		"orchestrator belongs behind an ordinary work role such as developer, never in place of a " +
		"governance seat. The roles " + strings.Join(reservedRoles[:], ", ") + " are refused.",
	Help:     `Bind the connector to a work role (researcher, developer, tester, ...) instead.`,
	Consumer: "Binding a governance seat (coordinator, Scribe, council) to an external connector would let an outside endpoint act with the squad's authority. Error: a security property breaks.",
})

func checkReservedRoles(c *manifestCheck) {
	c.eachText(fRoles, func(e, _ *source.Value) {
		if isReservedRole(e.Str) {
			c.report(ruleRoleReserved.At(c.path, e.Span,
				"role %q is a reserved governance identity; coordinators, the Scribe and the council are never connected", e.Str))
		}
	})
}

func isReservedRole(s string) bool {
	for _, r := range reservedRoles {
		if s == r {
			return true
		}
	}
	return false
}

package squadstate

import (
	"sort"
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleBindingGovernance = diag.Register(diag.Rule{
	ID: "SS306", Name: "binding-governance-seat", Severity: diag.SeverityError, Domain: "connector-bindings",
	Short: "a governance seat is bound, or a connector id is an Alternate Agent",
	Full: "The coordinator, the federation coordinator, the Scribe and the council with its lenses " +
		"(architect, security, cost-manager, product-owner, rai) stay internal: no binding targets them " +
		"(rule 6). Connector ids are never Alternate Agents: a connector is selected by its binding, not " +
		"dispatched as an agent.",
	Help: "bind an ordinary work role instead; remove connector ids from Alternate Agents",

	Consumer: "security: a governance seat (coordinator, Scribe, council) would be delegated to an external connector",
	Since:    "Squad Connector Bindings (squadstate.md, rule 6)",
})

func checkBindingGovernance(c *checker, h *hveRoot) {
	d := h.team.doc
	for _, b := range h.bindingsOf() {
		if governanceRoles[b.roleText] {
			c.report(ruleBindingGovernance.At(d.path, b.role.Span, "role %s is a governance seat; coordinators, the Scribe and the council are never bound", quote(b.roleText)))
		}
	}
	ids := map[string]string{} // connector id → where it is declared
	for _, b := range h.bindingsOf() {
		if b.connText != "" {
			ids[b.connText] = h.rowAt(b)
		}
	}
	for _, m := range c.repo.Manifests {
		if _, ok := ids[m.ConnectorID]; !ok && m.ConnectorID != "" {
			ids[m.ConnectorID] = m.Path
		}
	}
	for _, m := range h.rosterMembers() {
		var found []string
		for _, a := range m.alternateNames() {
			if where, ok := ids[unbacktick(a)]; ok {
				found = append(found, quote(unbacktick(a))+" ("+where+")")
			}
		}
		sort.Strings(found)
		if len(found) > 0 {
			c.report(ruleBindingGovernance.At(d.path, m.alternates.Span, "Alternate Agents lists connector id %s; connectors are chosen by their binding, never as alternates",
				strings.Join(found, ", ")))
		}
	}
}

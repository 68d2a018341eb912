package squadstate

import "github.com/squadci/squadci/lint/diag"

var ruleBindingReplace = diag.Register(diag.Rule{
	ID: "SS304", Name: "binding-replace-roster", Severity: diag.SeverityError, Domain: "connector-bindings",
	Short: "a replace binding has no Members row to replace, or the roster was overwritten",
	Full: "A replace binding adds an execution choice to an existing role: a Members row with that Role " +
		"exists and keeps its internal Primary and Deliverable Root (rule 4). A Primary of Squad Connector, " +
		"of the binding's external Member Name, or of the connector id on a replaced row means the roster was " +
		"overwritten with the external agent — the internal original is gone.",
	Help: "restore the row's internal Primary (the HVE agent); the binding alone selects the connector",

	Consumer: "the internal original the binding was meant to keep is gone, so the role can no longer run internally",
	Since:    "Squad Connector Bindings (squadstate.md, rule 4)",
})

func checkBindingReplace(c *checker, h *hveRoot) {
	d := h.team.doc
	for _, b := range h.bindingsOf() {
		if b.modeText != "replace" || b.roleText == "" {
			continue
		}
		rows := h.team.withRole(b.roleText)
		if len(rows) == 0 {
			c.report(ruleBindingReplace.At(d.path, b.role.Span, "replace binding %s names role %s, but no Members row at %s has it",
				quote(b.idText), quote(b.roleText), h.team.tableAt()))
			continue
		}
		for _, m := range rows {
			if p := m.primaryText; p == connectorPrimary || p == b.memberText || p == b.connText {
				c.report(ruleBindingReplace.At(d.path, m.primary.Span,
					"the roster was overwritten: Primary %s on the %s row replaced by binding %s (%s); keep the internal agent as Primary",
					quote(p), quote(b.roleText), quote(b.idText), h.rowAt(b)))
			}
		}
	}
}

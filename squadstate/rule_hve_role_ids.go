package squadstate

import "github.com/squadci/squadci/lint/diag"

var ruleRoleIDs = diag.Register(diag.Rule{
	ID: "SS108", Name: "hve-role-id-syntax", Severity: diag.SeverityNote, Domain: "squad-state",
	Short: "a roster Role is not a lower-kebab role id",
	Full: "Roles are ids from the cast catalog (researcher, qa-engineer, m365-agent-architect): lowercase " +
		"letters, digits and hyphens, ^[a-z0-9][a-z0-9-]*$. routing.md, state.json and Connector Bindings " +
		"refer to roles by this id.",
	Help: "use the catalog id (\"QA Engineer\" → qa-engineer) and update routing.md to match",

	Consumer: "nothing breaks (a note) while routing.md, state.json and bindings use the same string; the cast " +
		"catalog's ids are lower-kebab",
	Since: "HVE Squad v0.2.0 (29f6aab)",
})

func checkRoleIDs(c *checker, h *hveRoot) {
	for _, m := range h.wellFormed() {
		if !isRoleID(m.roleText) {
			c.report(ruleRoleIDs.At(h.team.doc.path, m.role.Span, "role %s is not a role id (^[a-z0-9][a-z0-9-]*$); try %q", quote(m.roleText), slugify(m.roleText)))
		}
	}
}

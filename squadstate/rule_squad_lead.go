package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleNoLead = diag.Register(diag.Rule{
	ID: "SS219", Name: "squad-no-lead", Severity: diag.SeverityWarning, Domain: "squad",
	Short: "no member's role is a lead, architect or coordinator",
	Full: "squad-triage.yml needs at least one member whose Role contains lead, architect or coordinator; " +
		"otherwise it stops with \"No Lead role found\". Only rosters with cast (non-built-in) members are " +
		"checked.",
	Help: "give one member a Lead (or Architect) role",

	Consumer: "squad-triage.yml stops with \"No Lead role found\"",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

func checkLeadExists(c *checker, t *squadTeam) {
	cast := false
	for _, m := range t.members() {
		role := strings.ToLower(m.roleText)
		if strings.Contains(role, "lead") || strings.Contains(role, "architect") || strings.Contains(role, "coordinator") {
			return
		}
		cast = cast || builtinNamed(m.nameText) == nil
	}
	if cast {
		c.report(ruleNoLead.At(t.roster.doc.path, t.roster.table.Header.Span, "no Members role contains lead, architect or coordinator; squad-triage.yml stops with \"No Lead role found\""))
	}
}

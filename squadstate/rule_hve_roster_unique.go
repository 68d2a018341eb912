package squadstate

import "github.com/squadci/squadci/lint/diag"

var ruleRosterUnique = diag.Register(diag.Rule{
	ID: "SS107", Name: "hve-roster-duplicate-member", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "two roster rows have the same Role and Member Name",
	Full: "The roster's key is the (Role, Member Name) pair: the coordinator selects a member by it and " +
		"history attributes work by it. A row with an empty Member Name must be the only row of its Role, " +
		"or the coordinator cannot tell the rows apart.",
	Help: "give each row of a shared role its own Member Name (Alpha, Beta, …) or remove the duplicate",

	Consumer: "the HVE coordinator selects members and attributes history by (Role, Member Name) and " +
		"cannot tell the rows apart",
	Since: "HVE Squad v0.3.0 (61db392, Member Name)",
})

func checkRosterUnique(c *checker, h *hveRoot) {
	ms := h.rosterMembers()
	first := map[[2]string]*member{}
	byRole := map[string][]*member{}
	for _, m := range ms {
		key := [2]string{m.roleText, m.nameText}
		if f, dup := first[key]; dup {
			c.report(ruleRosterUnique.At(h.team.doc.path, m.role.Span, "role %s with Member Name %s repeats the row at %s",
				quote(m.roleText), quote(m.nameText), h.team.doc.at(f.row.Span.Start)))
			continue
		}
		first[key] = m
		byRole[m.roleText] = append(byRole[m.roleText], m)
	}
	for _, m := range ms {
		rows := byRole[m.roleText]
		if m.nameText != "" || len(rows) < 2 || first[[2]string{m.roleText, ""}] != m {
			continue
		}
		other := rows[0]
		if other == m {
			other = rows[1]
		}
		c.report(ruleRosterUnique.At(h.team.doc.path, m.name.Span,
			"role %s has several rows (another at %s), so this row needs a Member Name", quote(m.roleText), h.team.doc.at(other.row.Span.Start)))
	}
}

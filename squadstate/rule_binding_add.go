package squadstate

import "github.com/squadci/squadci/lint/diag"

var ruleBindingAdd = diag.Register(diag.Rule{
	ID: "SS305", Name: "binding-add-member", Severity: diag.SeverityError, Domain: "connector-bindings",
	Short: "an add binding's member row or alignment is missing or disagrees",
	Full: "An add binding creates a separate member: a Members row with the binding's Member Name, Role = " +
		"the added role, Primary Squad Connector and the binding's Deliverable Root; Aligned To names an " +
		"existing roster role that is not a governance seat (rule 5). Alignment grants classification and " +
		"output compatibility only.",
	Help: "add the Members row exactly as the binding describes it and align the role to an ordinary work role",

	Consumer: "the coordinator finds no member for the added role, or aligns it with a governance seat",
	Since:    "Squad Connector Bindings (squadstate.md, rule 5)",
})

func checkBindingAdd(c *checker, h *hveRoot) {
	d := h.team.doc
	for _, b := range h.bindingsOf() {
		if b.modeText != "add" {
			continue
		}
		checkAddedMember(c, h, b)
		switch a := b.alignedText; {
		case isNone(a):
			c.report(ruleBindingAdd.At(d.path, b.aligned.Span, "add binding %s has no Aligned To role", quote(b.idText)))
		case governanceRoles[a]:
			c.report(ruleBindingAdd.At(d.path, b.aligned.Span, "Aligned To %s is a governance seat; align to an ordinary work role", quote(a)))
		case a == b.roleText:
			c.report(ruleBindingAdd.At(d.path, b.aligned.Span, "Aligned To %s is the added role itself; align to an existing role", quote(a)))
		case !h.team.hasRole(a):
			c.report(ruleBindingAdd.At(d.path, b.aligned.Span, "Aligned To %s is not a role of the Members table at %s%s", quote(a), h.team.tableAt(), diag.DidYouMean(a, h.team.roles())))
		}
	}
}

func checkAddedMember(c *checker, h *hveRoot, b *binding) {
	d := h.team.doc
	var m *member
	for _, x := range h.rosterMembers() {
		if x.nameText == b.memberText {
			m = x
			break
		}
	}
	if m == nil {
		c.report(ruleBindingAdd.At(d.path, b.member.Span, "add binding %s: no Members row at %s has Member Name %s",
			quote(b.idText), h.team.tableAt(), quote(b.memberText)))
		return
	}
	at := d.at(m.row.Span.Start)
	if m.roleText != b.roleText {
		c.report(ruleBindingAdd.At(d.path, b.role.Span, "role %s differs from the Role %s of member %s (%s)", quote(b.roleText), quote(m.roleText), quote(b.memberText), at))
	}
	if m.primaryText != connectorPrimary {
		c.report(ruleBindingAdd.At(d.path, b.member.Span, "member %s (%s) has Primary %s; an added connector member's Primary is %q",
			quote(b.memberText), at, quote(m.primaryText), connectorPrimary))
	}
	if m.rootText != b.rootText {
		c.report(ruleBindingAdd.At(d.path, b.root.Span, "Deliverable Root %s differs from %s on member %s (%s)", quote(b.rootText), quote(m.rootText), quote(b.memberText), at))
	}
}

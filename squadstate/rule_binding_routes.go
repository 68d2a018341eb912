package squadstate

import "github.com/squadci/squadci/lint/diag"

var ruleBindingRoutes = diag.Register(diag.Rule{
	ID: "SS309", Name: "binding-route-unresolved", Severity: diag.SeverityError, Domain: "connector-bindings",
	Short: "a route names an added role that resolves to no member",
	Full: "A routing.md route that names a role added by a Connector Binding must resolve to that binding's " +
		"member: the role needs its Members row, or the route dispatches nothing (rule 9).",
	Help: "add the binding's Members row (Primary Squad Connector), or remove the route",

	Consumer: "the coordinator dispatches nothing for the route",
	Since:    "Squad Connector Bindings (squadstate.md, rule 9)",
})

var ruleBindingNoRoute = diag.Register(diag.Rule{
	ID: "SS313", Name: "binding-added-without-route", Severity: diag.SeverityWarning, Domain: "connector-bindings",
	Short: "an added connector member has no route",
	Full: "An added member runs only when work is routed to its role: without a routing.md route naming the " +
		"added role the coordinator never classifies a request to it (rule 9).",
	Help: "add a routing.md row naming the added role, e.g. | assess dotnet practices | dotnet-practices | confirm | yes |",

	Consumer: "the coordinator classifies requests only by routing.md, so it never routes one to the added member and the member the user added never runs",
	Since:    "Squad Connector Bindings (squadstate.md, rule 9)",
})

func checkBindingRoutes(c *checker, h *hveRoot) {
	routed := map[string]bool{}
	for _, row := range h.routing.routes() {
		for _, e := range routeRoles(row.Cell(1), h.routing.doc.src) {
			routed[e.text] = true
			b := h.addedRole(e.text)
			if b == nil || h.team.hasRole(e.text) {
				continue
			}
			c.report(ruleBindingRoutes.At(h.routing.doc.path, e.span, "role %s is added by binding %s (%s), but no Members row has it, so the route resolves to no member",
				quote(e.text), quote(b.idText), h.rowAt(b)))
		}
	}
	if h.routing == nil || h.routing.shape != headerOK {
		return
	}
	for _, b := range h.bindingsOf() {
		if b.modeText == "add" && b.roleText != "" && !routed[b.roleText] {
			c.report(ruleBindingNoRoute.At(h.team.doc.path, b.role.Span, "added role %s has no route in %s, so nothing is dispatched to member %s",
				quote(b.roleText), h.routing.doc.path, quote(b.memberText)))
		}
	}
}

package squadstate

import "github.com/squadci/squadci/lint/diag"

var ruleRoutingRoles = diag.Register(diag.Rule{
	ID: "SS113", Name: "hve-route-unknown-role", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "a routing.md Role(s) entry is not a role on the roster",
	Full: "Role(s) holds comma-separated role ids (an entry may carry \"(optional)\"), and each must be a Role " +
		"of a team.md Members row: a route to a missing role dispatches nothing. Before v0.11.0 the seed named " +
		"agents there, so an agent name of the roster is accepted in squads of those releases. Roles " +
		"added by a Connector Binding are checked by SS309.",
	Help: "use the roster's role id, or add the role to team.md",

	Consumer: "the HVE coordinator dispatches nothing for the route: no roster row has the role",
	Since:    "HVE Squad v0.2.0 (29f6aab) (role ids from v0.11.0, d31152f)",
})

func checkRoutingRoles(c *checker, h *hveRoot) {
	if h.team == nil || h.team.shape < headerLegacy {
		return
	}
	roles := h.team.roles()
	for _, row := range h.routing.routes() {
		cell := row.Cell(1)
		for _, e := range routeRoles(cell, h.routing.doc.src) {
			if h.team.hasRole(e.text) || h.addedRole(e.text) != nil {
				continue
			}
			if m := memberWithAgent(h, e.text); m != nil {
				if !h.profile.routesByRole {
					continue
				}
				c.report(ruleRoutingRoles.At(h.routing.doc.path, e.span, "%s is an agent name, not a role id; routes name roles (%s at %s)",
					quote(e.text), quote(m.roleText), h.team.doc.at(m.row.Span.Start)))
				continue
			}
			c.report(ruleRoutingRoles.At(h.routing.doc.path, e.span, "role %s is not a Role in the Members table at %s%s",
				quote(e.text), h.team.tableAt(), diag.DidYouMean(e.text, roles)))
		}
	}
}

// memberWithAgent returns the first row whose Primary or Alternate is name.
func memberWithAgent(h *hveRoot, name string) *member {
	for _, m := range h.rosterMembers() {
		if isOneOf(name, m.agentNames()) {
			return m
		}
	}
	return nil
}

package squadstate

import "github.com/squadci/squadci/lint/diag"

var ruleRootKind = diag.Register(diag.Rule{
	ID: "SS101", Name: "hve-federation-root-files", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "a federation root also holds single-squad files",
	Full: "A root with federation.md is a federation: its squads live under members/<name>/ and the root " +
		"holds only federation.md, meta-routing.md, decisions.md, state.json and history/. HVE treats a " +
		"team.md, routing.md, notifications.md, consumption.md or consumption-rates.md beside federation.md " +
		"as a conflict a human must reconcile.",
	Help: "move the file into the sub-squad it belongs to (members/<name>/) or delete it after reconciling",

	Consumer: "the HVE coordinator treats the root as a federation and stops for a human to reconcile " +
		"the single-squad files beside federation.md",
	Since: "HVE Squad v0.10.0 (aeec41c, federation)",
})

// singleSquadFiles must not sit beside federation.md.
var singleSquadFiles = []string{"team.md", "routing.md", "notifications.md", "consumption.md", "consumption-rates.md"}

func checkRootKind(c *checker, h *hveRoot) {
	if !h.federation {
		return
	}
	for _, n := range singleSquadFiles {
		if d := h.file(n); d != nil {
			c.report(ruleRootKind.At(d.path, d.head(),
				"%s sits beside %sfederation.md: a federation root holds no %s; move it into a sub-squad under members/<name>/",
				n, h.dir, n))
		}
	}
}

package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleRoutingColumns = diag.Register(diag.Rule{
	ID: "SS112", Name: "hve-routing-table", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "routing.md's table has the wrong columns or values",
	Full: "routing.md holds one table | Pattern / Keyword | Role(s) | Autonomy Tier | Parallel-Eligible |. " +
		"Autonomy Tier is auto, confirm or escalate, and from v0.3.0 also auto-validated; Parallel-Eligible " +
		"is yes or no. The " +
		"legacy tier \"autopilot\" and the hve-squad-mcp table | Role | Seeded | are reported as SS120.",
	Help: "restore the four-column header; use the listed values",

	Consumer: "the HVE coordinator cannot route by the table or gets a tier it does not know; Tier-1 SQ-07 (blocking) fails",
	Since:    "HVE Squad v0.2.0 (29f6aab) (auto-validated from v0.3.0, 61db392)",
})

var (
	yesNo = []string{"yes", "no"}
)

func checkRoutingColumns(c *checker, h *hveRoot) {
	r := h.routing
	if r == nil {
		return
	}
	d := r.doc
	switch r.shape {
	case headerMissing:
		c.report(ruleRoutingColumns.At(d.path, d.head(), "routing.md has no routing table (| %s |)", strings.Join(routingColumns, " | ")))
		return
	case headerLegacy:
		c.report(ruleLegacy.At(d.path, r.table.Header.Span,
			"routing.md uses the hve-squad-mcp table | Role | Seeded |; the current table is | %s |", strings.Join(routingColumns, " | ")))
		return
	case headerWrong:
		checkHeader(c, ruleRoutingColumns, d, r.table, routingColumns, "routing")
		return
	}
	checkRowWidths(c, ruleRoutingColumns, d, r.table, "routing")
	autonomyTiers := h.profile.tiers
	for _, row := range r.table.Rows {
		tier, par := row.Cell(2), row.Cell(3)
		switch t := strings.TrimSpace(tier.Text); {
		case t == "autopilot":
			c.report(ruleLegacy.At(d.path, tier.Span, "Autonomy Tier \"autopilot\" is the legacy value; the current values are %s", strings.Join(autonomyTiers, ", ")))
		case !isOneOf(t, autonomyTiers) && len(row.Cells) > 2:
			c.report(ruleRoutingColumns.At(d.path, tier.Span, "Autonomy Tier %s is not one of %s%s", quote(t), strings.Join(autonomyTiers, ", "), diag.DidYouMean(t, autonomyTiers)))
		}
		if p := strings.TrimSpace(par.Text); !isOneOf(p, yesNo) && len(row.Cells) > 3 {
			c.report(ruleRoutingColumns.At(d.path, par.Span, "Parallel-Eligible %s is not yes or no", quote(p)))
		}
	}
}

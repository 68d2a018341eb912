package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleMetaRouting = diag.Register(diag.Rule{
	ID: "SS127", Name: "hve-meta-routing", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "meta-routing.md routes to an unregistered sub-squad or has bad values",
	Full: "meta-routing.md holds one table | Pattern / Domain | Sub-squad | Parallel-Eligible |. Every " +
		"Sub-squad is registered in federation.md, Parallel-Eligible is yes or no, and Watch-Mode routes " +
		"(patterns starting watch:) are not parallel-eligible.",
	Help: "route only to registered sub-squads; set Parallel-Eligible to no for watch: routes",

	Consumer: "the HVE federation coordinator routes to a sub-squad it does not know, or runs a Watch-Mode route in parallel",
	Since:    "HVE Squad v0.10.0 (aeec41c)",
})

func checkMetaRouting(c *checker, h *hveRoot) {
	d := h.file("meta-routing.md")
	if d == nil {
		return
	}
	md := d.markdown()
	if len(md.Tables) == 0 {
		c.report(ruleMetaRouting.At(d.path, d.head(), "meta-routing.md has no table (| %s |)", strings.Join(metaRoutingColumns, " | ")))
		return
	}
	t := md.Tables[0]
	if !equalStrings(t.HeaderTexts(), metaRoutingColumns) {
		checkHeader(c, ruleMetaRouting, d, t, metaRoutingColumns, "meta-routing")
		return
	}
	checkRowWidths(c, ruleMetaRouting, d, t, "meta-routing")
	fed := h.federationFile()
	for _, r := range t.Rows {
		sub := unbacktick(r.Cell(1).Text)
		if fed != nil && fed.shape == headerOK && fed.byName(strings.ToLower(sub)) == nil {
			c.report(ruleMetaRouting.At(d.path, r.Cell(1).Span, "sub-squad %s is not registered in %s", quote(sub), fed.doc.at(fed.table.Span.Start)))
		}
		par := strings.TrimSpace(r.Cell(2).Text)
		switch {
		case !isOneOf(par, yesNo):
			c.report(ruleMetaRouting.At(d.path, r.Cell(2).Span, "Parallel-Eligible %s is not yes or no", quote(par)))
		case par == "yes" && strings.HasPrefix(strings.TrimSpace(r.Cell(0).Text), "watch:"):
			c.report(ruleMetaRouting.At(d.path, r.Cell(2).Span, "a watch: route is never parallel-eligible; set no"))
		}
	}
}

package squadstate

import (
	"sort"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var rulePricedAs = diag.Register(diag.Rule{
	ID: "SS123", Name: "hve-priced-as-unresolved", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "a consumption block's priced_as names no rate row",
	Full: "priced_as (from v0.11.4) names a model row, or a tier-fallback Priced as row, of " +
		"consumption-rates.md; the ledger prices every block from that row, so an unknown name cannot be " +
		"costed. When the rate row has a Tier, the block's model_tier equals it. In v0.16.0-pre Tier-1 only " +
		"advises on this (its Consumption group), so there the finding is a warning.",
	Help: "use a model name exactly as consumption-rates.md lists it, or add its rate row",

	Consumer: "the HVE ledger cannot price the block; from v0.16.0-pre Tier-1 only advises (CON, " +
		"tagged Consumption in 4f754d2), so there it is a warning",
	Since: "HVE Squad v0.11.4 (7e9724b, priced_as)",
})

func checkPricedAs(c *checker, h *hveRoot) {
	r := h.rates
	if r == nil || (r.modelTable == nil && r.tierTable == nil) || !isOneOf("priced_as", h.profile.block.fields) {
		return
	}
	var known []string
	for m := range r.models {
		known = append(known, m)
	}
	sort.Strings(known)
	table := r.modelTable
	if table == nil {
		table = r.tierTable
	}
	for _, f := range h.historyFiles() {
		for _, b := range f.blocks {
			v, _ := b.json(f.doc)
			p := v.Get("priced_as")
			if p == nil || p.Kind != source.KindString {
				continue
			}
			tier, ok := r.models[p.Str]
			if !ok {
				c.reportIn(h, rulePricedAs.At(f.doc.path, p.Span, "priced_as %s is no model or Priced as row of %s%s",
					quote(p.Str), r.doc.at(table.Span.Start), diag.DidYouMean(p.Str, known)))
				continue
			}
			if t := v.Get("model_tier"); t != nil && t.Kind == source.KindString && tier != "" && isOneOf(t.Str, modelTiers) && t.Str != tier {
				c.reportIn(h, rulePricedAs.At(f.doc.path, t.Span, "model_tier is %s but %s is a %s row in %s", quote(t.Str), quote(p.Str), tier, r.doc.path))
			}
		}
	}
}

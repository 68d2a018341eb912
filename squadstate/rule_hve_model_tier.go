package squadstate

import "github.com/squadci/squadci/lint/diag"

var ruleModelTier = diag.Register(diag.Rule{
	ID: "SS109", Name: "hve-model-tier", Severity: diag.SeverityWarning, Domain: "squad-state",
	Short: "a roster Model Tier is not fast, default or extended",
	Full: "Model Tier is a preference the coordinator maps to a model, never a model name: fast, default or " +
		"extended, or — on a row without an agent (Primary —).",
	Help: "write fast, default or extended; pin a specific model in the agent file instead",

	Consumer: "nothing that Tier-1 checks breaks: the coordinator maps only fast, default and " +
		"extended to a model, so another value is a preference it cannot apply",
	Since: "HVE Squad v0.2.0 (29f6aab)",
})

var modelTiers = []string{"fast", "default", "extended"}

func checkModelTier(c *checker, h *hveRoot) {
	for _, m := range h.wellFormed() {
		t := m.tierText
		if isOneOf(t, modelTiers) || (isNone(t) && isNone(m.primaryText)) {
			continue
		}
		c.report(ruleModelTier.At(h.team.doc.path, m.tier.Span, "Model Tier %s is not fast, default or extended%s", quote(t), diag.DidYouMean(t, modelTiers)))
	}
}

func isOneOf(s string, set []string) bool {
	for _, v := range set {
		if s == v {
			return true
		}
	}
	return false
}

package squadstate

import (
	"strconv"
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleRatesFile = diag.Register(diag.Rule{
	ID: "SS124", Name: "hve-rates-file", Severity: diag.SeverityWarning, Domain: "squad-state",
	Short: "consumption-rates.md lacks a rate table, the fallback, the estimator or a sane calibration",
	Full: "consumption-rates.md holds a per-model table with Input, Cached, Cache write and Output columns " +
		"(USD per 1M tokens), a tier-fallback table with a Priced as column, a dispatch-size estimator, and " +
		"calibration_factor clamped to [0.25, 10.0], which stays 1.00 while observations is 0. Releases " +
		"v0.8.5–v0.11.3 wrote only the Input, Cached and Output columns. Tier-1 only advises on this file " +
		"(v0.16.0-pre).",
	Help: "restore the missing table from the seed template; keep calibration_factor within its clamp",

	Consumer: "nothing blocks: the HVE ledger's estimates are off or unpriced, and Tier-1 only " +
		"advises on the rates file (CON, v0.16.0-pre)",
	Since: "HVE Squad v0.8.5 (cc28101); fallback, estimator and calibration v0.11.4 (7e9724b/47dc8fd)",
})

func checkRatesFile(c *checker, h *hveRoot) {
	r := h.rates
	if r == nil {
		return
	}
	d, form := r.doc, h.profile.rates
	if r.modelTable == nil {
		c.report(ruleRatesFile.At(d.path, d.head(), "consumption-rates.md has no per-model table with %s columns", andList(form.columns)))
	}
	if !form.fallback {
		return
	}
	if r.tierTable == nil {
		c.report(ruleRatesFile.At(d.path, d.head(), "consumption-rates.md has no tier-fallback table with a Priced as column"))
	}
	estimator := false
	for _, hd := range d.markdown().Headings {
		estimator = estimator || strings.Contains(strings.ToLower(hd.Text), "estimator")
	}
	if !estimator {
		c.report(ruleRatesFile.At(d.path, d.head(), "consumption-rates.md has no dispatch-size estimator section"))
	}
	if r.calibration == nil {
		c.report(ruleRatesFile.At(d.path, d.head(), "consumption-rates.md has no calibration_factor"))
		return
	}
	f, err := strconv.ParseFloat(r.calibration.text, 64)
	switch {
	case err != nil:
		c.report(ruleRatesFile.At(d.path, r.calibration.span, "calibration_factor %s is not a number", quote(r.calibration.text)))
	case f < 0.25 || f > 10:
		c.report(ruleRatesFile.At(d.path, r.calibration.span, "calibration_factor %s is outside its clamp [0.25, 10.0]", r.calibration.text))
	case f != 1 && r.observe != nil && r.observe.text == "0":
		c.report(ruleRatesFile.At(d.path, r.calibration.span, "calibration_factor is %s with 0 observations; it stays 1.00 until a run is reconciled", r.calibration.text))
	}
}

// andList joins names as "a, b and c".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

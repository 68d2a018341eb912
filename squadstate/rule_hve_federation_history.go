package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleFederationHistory = diag.Register(diag.Rule{
	ID: "SS128", Name: "hve-federation-history", Severity: diag.SeverityNote, Domain: "squad-state",
	Short: "a registered sub-squad has no history file at the federation root",
	Full: "The federation root keeps history/<sub-squad>.md for every registered sub-squad: the federation " +
		"coordinator records there what it delegated.",
	Help: "create history/<sub-squad>.md with a \"# History: <sub-squad>\" title",

	Consumer: "nothing breaks today (a note): the federation coordinator reads the sub-squad's own history; only the federation root's record of what it delegated is missing",
	Since:    "HVE Squad v0.10.0 (aeec41c)",
})

func checkFederationHistory(c *checker, h *hveRoot) {
	f := h.federationFile()
	if f == nil || f.shape != headerOK {
		return
	}
	have := map[string]bool{}
	for _, n := range h.history {
		have[strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(n, "history/"), ".md"))] = true
	}
	for _, r := range f.table.Rows {
		name := strings.TrimSpace(r.Cell(0).Text)
		if name != "" && !have[strings.ToLower(name)] {
			c.report(ruleFederationHistory.At(f.doc.path, r.Cell(0).Span, "sub-squad %s has no %shistory/%s.md", quote(name), h.dir, name))
		}
	}
}

package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleEagerFiles = diag.Register(diag.Rule{
	ID: "SS102", Name: "hve-eager-file-missing", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "an HVE squad root lacks a file Init always writes",
	Full: "Init seeds team.md, routing.md, decisions.md and state.json in every squad root, notifications.md " +
		"too from v0.4.0, and consumption.md and consumption-rates.md from v0.16.0-pre (earlier releases write " +
		"them on the first consumption record); federation roots: federation.md, meta-routing.md, " +
		"decisions.md, state.json). Once state.json has advanced past turn 0, history/ must hold at least one " +
		"file (git keeps no empty directory, so an empty history/ at turn 0 is not reported).",
	Help: "restore the file from the squad's seed templates, or re-run Init for a new squad",

	Consumer: "the HVE Scribe and coordinator read the missing file as no state; Tier-1 SQ-01 (eager " +
		"files), or SQ-10 for an empty history/ after dispatches, fails",
	Since: "HVE Squad v0.2.0 (29f6aab); notifications.md v0.4.0 (bd9fda5); consumption files seeded v0.16.0-pre (d585bcf)",
})

var (
	federationEager = []string{"federation.md", "meta-routing.md", "decisions.md", "state.json"}
)

func checkEagerFiles(c *checker, h *hveRoot) {
	at := h.anyFile()
	if at == nil {
		return
	}
	want := h.profile.eager
	if h.federation {
		want = federationEager
	}
	var missing []string
	for _, n := range want {
		if !h.has(n) {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		c.report(ruleEagerFiles.At(at.path, at.head(), "squad root %s has no %s", h.dir, strings.Join(missing, ", ")).AboutFile(h.dir))
	}
	if turn, ok := h.state.turn(); ok && turn > 0 && len(h.history) == 0 {
		v := h.state.root.Get("turn")
		c.report(ruleEagerFiles.At(h.state.doc.path, v.Span,
			"state.json is at turn %d but %shistory/ holds no file: every dispatch and every Scribe turn appends to a history file", turn, h.dir))
	}
}

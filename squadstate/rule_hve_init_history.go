package squadstate

import "github.com/squadci/squadci/lint/diag"

var ruleInitHistory = diag.Register(diag.Rule{
	ID: "SS117", Name: "hve-history-at-turn-zero", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "a history file exists while state.json is at turn 0",
	Full: "Init leaves history/ empty (Tier-1 SQ-09, v0.16.0-pre): a history file is created only by the first " +
		"dispatch it records, so its presence proves a stage ran. A history file at turn 0 means state.json was " +
		"not advanced or the file was seeded by hand. Earlier releases made no such promise and are not checked.",
	Help: "advance state.json to the turn that wrote the history, or remove the seeded file",

	Consumer: "the HVE Tier-1 SQ-09 (blocking) fails: a history file at turn 0 was not written by a dispatch",
	Since:    "HVE Squad v0.16.0-pre (c5fdb6b)",
})

func checkInitHistory(c *checker, h *hveRoot) {
	turn, ok := h.state.turn()
	if !ok || turn != 0 || !h.profile.initHistEmpty {
		return
	}
	at := h.state.doc.at(h.state.root.Get("turn").Span.Start)
	for _, n := range h.history {
		var span diag.Span
		if d := h.file(n); d != nil {
			span = d.head()
		}
		c.report(ruleInitHistory.At(h.dir+n, span, "%s exists but state.json is at turn 0 (%s): Init leaves history/ empty", n, at))
	}
}

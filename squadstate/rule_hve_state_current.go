package squadstate

import "github.com/squadci/squadci/lint/diag"

var ruleStateCurrent = diag.Register(diag.Rule{
	ID: "SS116", Name: "hve-state-stale", Severity: diag.SeverityWarning, Domain: "squad-state",
	Short: "state.json did not advance although decisions or history were written",
	Full: "state.json advances on every turn that writes anything. decisions.md with entries, or a history " +
		"file, next to a state.json still at turn 0 (or without an updated timestamp) is the documented " +
		"failure: the next session resumes from the wrong point.",
	Help: "set turn to the current turn and updated to its timestamp",

	Consumer: "the next HVE session resumes from the stale turn (the documented failure); no Tier-1 case checks it",
	Since:    "HVE Squad v0.2.0 (29f6aab)",
})

func checkStateCurrent(c *checker, h *hveRoot) {
	s := h.state
	turn, ok := s.turn()
	if !ok {
		return
	}
	var cause string
	switch {
	case h.decisions != nil && len(h.decisions.entries) > 0:
		cause = "decisions.md has entries (" + h.decisions.doc.at(h.decisions.entries[0].Span.Start) + ")"
	case len(h.history) > 0:
		cause = h.dir + h.history[0] + " exists"
	default:
		return
	}
	if turn < 1 {
		c.report(ruleStateCurrent.At(s.doc.path, s.root.Get("turn").Span, "turn is %d but %s", turn, cause))
	}
	if u := s.root.Get("updated"); u != nil && u.Str == "" {
		c.report(ruleStateCurrent.At(s.doc.path, u.Span, "updated is empty but %s", cause))
	}
}

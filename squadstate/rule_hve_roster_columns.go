package squadstate

import "github.com/squadci/squadci/lint/diag"

var ruleRosterColumns = diag.Register(diag.Rule{
	ID: "SS106", Name: "hve-roster-columns", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "team.md has no ## Members table with the eight roster columns",
	Full: "HVE reads the roster from the first table under ## Members, by position: | Role | Member Name | " +
		"Agent Name (Primary) | Alternate Agents | Selection Cue | Invocation | Model Tier | Deliverable Root |. " +
		"A missing heading, another header, or a row with more or fewer cells breaks every reader. The older " +
		"seven-column form without Selection Cue is reported as SS120 instead.",
	Help: "restore the ## Members heading and the eight-column header; use — for an empty value and \\| for a literal pipe",
})

func checkRosterColumns(c *checker, h *hveRoot) {
	r := h.team
	if r == nil {
		return
	}
	d := r.doc
	switch {
	case r.heading == nil:
		c.report(ruleRosterColumns.At(d.path, d.head(), "team.md has no ## Members heading"))
		return
	case r.legacyH:
		c.report(ruleLegacy.At(d.path, r.heading.Span, "the roster heading is the legacy H1 \"# Members\"; the current roster uses \"## Members\""))
	}
	switch r.shape {
	case headerMissing:
		c.report(ruleRosterColumns.At(d.path, r.heading.Span, "## Members has no table"))
		return
	case headerWrong:
		checkHeader(c, ruleRosterColumns, d, r.table, membersColumns, "Members")
		return
	case headerLegacy:
		c.report(ruleLegacy.At(d.path, r.table.Header.Span,
			"seven-column roster without Selection Cue (the pre-2026-08-18 form); insert a Selection Cue column after Alternate Agents (— when there is no cue)"))
	}
	checkRowWidths(c, ruleRosterColumns, d, r.table, "Members")
}

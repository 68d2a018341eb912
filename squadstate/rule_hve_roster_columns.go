package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleRosterColumns = diag.Register(diag.Rule{
	ID: "SS106", Name: "hve-roster-columns", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "team.md has no ## Members table with the roster columns of its release",
	Full: "HVE reads the roster from the first table under ## Members, by position. The header is the one of " +
		"the release that wrote the squad (SS129): | Role | Agent Name (Primary) | Alternate Agents | Invocation | " +
		"Model Tier | in v0.2.0, Member Name after Role from v0.3.0, Deliverable Root last from v0.11.0, and " +
		"Selection Cue after Alternate Agents in v0.16.0-pre (eight columns). A missing heading, another header, " +
		"or a row with more or fewer cells breaks every reader. Another release's header, where the other files " +
		"are of a newer format, is reported as SS120 instead.",
	Help: "restore the ## Members heading and the header of the squad's release; use — for an empty value and \\| for a literal pipe",

	Consumer: "the HVE coordinator reads the roster by position and misreads every row; Tier-1 SQ-05 (blocking) fails",
	Since:    "HVE Squad v0.2.0 (29f6aab) (header per release: 6 columns v0.3.0, 7 v0.11.0, 8 v0.16.0-pre)",
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
	case headerNewer:
		c.report(h.newerAsNote(ruleRosterColumns.At(d.path, r.table.Header.Span, "the Members header has %s beyond the columns of %s",
			quoteList(missingColumns(h.profile.roster, r.table.HeaderTexts()), 3), h.profile.span())))
		return
	case headerWrong:
		checkHeader(c, ruleRosterColumns, d, r.table, h.profile.roster, "Members")
		return
	case headerLegacy:
		c.report(ruleLegacy.At(d.path, r.table.Header.Span, "%s", olderRoster(r.table.HeaderTexts(), h.profile)))
	}
	checkRowWidths(c, ruleRosterColumns, d, r.table, "Members")
}

// olderRoster says which release's roster a header is and what the
// root's format wants instead.
func olderRoster(got []string, p *hveProfile) string {
	var of []int
	for i, q := range hveProfiles {
		if equalStrings(q.roster, got) {
			of = append(of, i)
		}
	}
	msg := itoa(len(got)) + "-column roster of HVE Squad " + spanOf(of) + "; the squad is checked as HVE Squad " + p.span() + " (SS129, lint --explain-profile), whose roster is | " + strings.Join(p.roster, " | ") + " |"
	if missing := missingColumns(got, p.roster); len(missing) > 0 {
		msg += " (add " + strings.Join(missing, ", ") + "; — when there is no value)"
	}
	return msg
}

func missingColumns(got, want []string) []string {
	var out []string
	for _, w := range want {
		if !isOneOf(w, got) {
			out = append(out, w)
		}
	}
	return out
}

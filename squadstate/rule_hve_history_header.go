package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleHistoryHeader = diag.Register(diag.Rule{
	ID: "SS119", Name: "hve-history-header", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "a history file lacks its # History: <name> title",
	Full: "Every history file's title is \"# History: <base name>\", literally, so the file identifies the " +
		"agent (or sub-squad) it belongs to even when renamed or copied; before v0.16.0-pre the title only had to " +
		"begin so (\"# History: Squad Reviewer (issue-49)\"), and a legacy slug-named file's title names the agent. Run summaries have their own titles: " +
		"history/autonomous-loop-<id>.md is \"# Autonomous Loop: <id>\" (from v0.3.0) and " +
		"history/autopilot-run-<id>.md is \"# Autopilot Run: <id>\" (from v0.4.0).",
	Help: "make the H1 \"# History: \" followed by the file's base name (a run summary: the title the message names)",

	Consumer: "the HVE Tier-1 SQ-10 (blocking) fails on a missing # History: title; before v0.16.0-pre nothing " +
		"reads the title (the coordinator finds the file by name), so there it is a warning",
	Since: "HVE Squad v0.2.0 (29f6aab) (literal title from v0.16.0-pre, efd845f/70995e2)",
})

func checkHistoryHeader(c *checker, h *hveRoot) {
	for _, f := range h.historyFiles() {
		want, ok := h.runSummaryTitle(f.base)
		also := want
		if !ok {
			want, also = "History: "+historyAgent(h, f.base), "History: "+f.base
		}
		var first *source.Heading
		found := false
		for _, hd := range f.doc.markdown().Headings {
			if hd.Level != 1 {
				continue
			}
			found = found || titleIs(hd.Text, want, h.profile) || titleIs(hd.Text, also, h.profile)
			if first == nil {
				first = hd
			}
		}
		switch {
		case found:
		case first != nil:
			c.reportIn(h, ruleHistoryHeader.At(f.doc.path, first.TextSpan, "the title is %s; want %q", quote(first.Text), "# "+want))
		default:
			c.reportIn(h, ruleHistoryHeader.At(f.doc.path, f.doc.head(), "%s has no %q title", f.name, "# "+want))
		}
	}
}

// titleIs compares a history title with the wanted one: exactly, or in
// formats before the literal rule, as its beginning.
func titleIs(got, want string, p *hveProfile) bool {
	return got == want || (!p.titleLiteral && strings.HasPrefix(got, want))
}

// historyAgent is the agent a history file belongs to: its base name, or
// for a legacy slug-named file (SS120) the roster agent of that slug.
func historyAgent(h *hveRoot, base string) string {
	if h.agentIndex()[base] == nil {
		if a := h.slugAgent(base); a != "" {
			return a
		}
	}
	return base
}

package squadstate

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleHistoryHeader = diag.Register(diag.Rule{
	ID: "SS119", Name: "hve-history-header", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "a history file lacks its # History: <name> title",
	Full: "Every history file's title is \"# History: <base name>\", literally, so the file identifies the " +
		"agent (or sub-squad) it belongs to even when renamed or copied. Run summaries have their own titles: " +
		"history/autonomous-loop-<id>.md is \"# Autonomous Loop: <id>\" (from v0.3.0) and " +
		"history/autopilot-run-<id>.md is \"# Autopilot Run: <id>\" (from v0.4.0).",
	Help: "make the H1 \"# History: \" followed by the file's base name (a run summary: the title the message names)",
})

func checkHistoryHeader(c *checker, h *hveRoot) {
	for _, f := range h.historyFiles() {
		want, ok := h.runSummaryTitle(f.base)
		if !ok {
			want = "History: " + f.base
		}
		var first *source.Heading
		found := false
		for _, hd := range f.doc.markdown().Headings {
			if hd.Level != 1 {
				continue
			}
			found = found || hd.Text == want
			if first == nil {
				first = hd
			}
		}
		switch {
		case found:
		case first != nil:
			c.report(ruleHistoryHeader.At(f.doc.path, first.TextSpan, "the title is %s; want %q", quote(first.Text), "# "+want))
		default:
			c.report(ruleHistoryHeader.At(f.doc.path, f.doc.head(), "%s has no %q title", f.name, "# "+want))
		}
	}
}

package squadstate

import (
	"sort"
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleHistoryNames = diag.Register(diag.Rule{
	ID: "SS118", Name: "hve-history-file-name", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "a history file is not named for a roster agent",
	Full: "history/<agent>.md is named with the agent's name: verbatim (history/Squad Researcher.md), a " +
		"Primary or Alternate of team.md; autopilot-run-*.md and autonomous-loop-*.md are run summaries, and " +
		"history/Squad Connector.md is shared by connector-backed members when team.md has Connector " +
		"Bindings. At a federation root, history/<sub-squad>.md names a registered sub-squad. A slug-named " +
		"file (squad-researcher.md) is the legacy form, reported as SS120.",
	Help: "rename the file to the agent's exact name: value (spaces and capitals kept)",

	Consumer: "the HVE coordinator reads the agent's history as missing; Tier-1 SQ-10 (blocking) fails",
	Since:    "HVE Squad v0.2.0 (29f6aab) (Tier-1 SQ-10 from v0.16.0-pre)",
})

func checkHistoryNames(c *checker, h *hveRoot) {
	if h.federation {
		checkFederationHistoryNames(c, h)
		return
	}
	if h.team == nil || h.team.shape < headerLegacy {
		return
	}
	agents := h.agentIndex()
	for _, f := range h.historyFiles() {
		switch {
		case agents[f.base] != nil, h.isRunSummary(f.base), f.base == connectorPrimary && h.team.bindTable != nil:
			continue
		}
		if a := h.slugAgent(f.base); a != "" {
			// The Scribe appends to history/<agent name>.md: the slug-named
			// file is no longer written, so the history splits (a warning).
			w := ruleLegacy.At(f.doc.path, f.doc.head(), "history file %s is slug-named (the legacy form); rename it to %q, the agent's name verbatim", f.name, "history/"+a+".md")
			w.Severity = diag.SeverityWarning
			c.report(w)
			continue
		}
		c.report(ruleHistoryNames.At(f.doc.path, f.doc.head(), "history file %s names no Primary or Alternate of the roster at %s%s",
			f.name, h.team.tableAt(), diag.DidYouMean(f.base, allAgentNames(h))))
	}
}

// allAgentNames lists the roster's agent names, sorted.
func allAgentNames(h *hveRoot) []string {
	names := make([]string, 0, len(h.agentIndex()))
	for a := range h.agentIndex() {
		names = append(names, a)
	}
	sort.Strings(names)
	return names
}

func checkFederationHistoryNames(c *checker, h *hveRoot) {
	fed := h.federationFile()
	if fed == nil || fed.shape != headerOK {
		return
	}
	for _, f := range h.historyFiles() {
		if h.isRunSummary(f.base) || fed.byName(strings.ToLower(f.base)) != nil {
			continue
		}
		c.report(ruleHistoryNames.At(f.doc.path, f.doc.head(), "history file %s at the federation root names no sub-squad of the registry at %s",
			f.name, fed.doc.at(fed.table.Span.Start)))
	}
}

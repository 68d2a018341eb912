package squadstate

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleStateShape = diag.Register(diag.Rule{
	ID: "SS114", Name: "hve-state-shape", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "state.json breaks the shape of its release",
	Full: "state.json has the keys of the release that wrote it (SS129): 1.0 (v0.2.0) schemaVersion, updated " +
		"(ISO-8601), turn (integer ≥ 0), activeRoles, openEscalations; 1.1 (v0.4.0) adds mode (interactive, " +
		"autonomous, autopilot) and notify {approvalChannel (in-chat, github-issue, webhook), enabled, email, " +
		"github {handle, repo}}, and from v0.8.5 currentRun {estCostUsd, estCreditsTotal}; 1.2 (v0.9.0) adds the " +
		"optional trigger; 1.3 (v0.11.4) adds currentRun.sessionModel and modelOverrides. From v0.16.0-pre the " +
		"key set is closed, so an unknown key is an error; earlier releases are not judged on extra keys. " +
		"Webhook URLs are never stored. A legacy \"profile\" key is reported as SS120.",
	Help: "remove unknown keys, add missing ones with their Init values, and use the listed enum values",

	Consumer: "the HVE Scribe's read-modify-write of state.json loses or misreads the key; Tier-1 " +
		"SQ-03 (blocking) fails, and from v0.16.0-pre an unknown key fails it too",
	Since: "HVE Squad v0.2.0 (29f6aab) (schemaVersion 1.0; closed key set v0.16.0-pre, c5fdb6b)",
})

func checkStateShape(c *checker, h *hveRoot) {
	s := h.state
	if s == nil || !checkJSONProblems(c, s.doc) {
		return
	}
	root := s.doc.jsonDoc().Root
	p := h.profile
	sh := &shape{c: c, d: s.doc, r: ruleStateShape, unknown: func(where string, m *source.Value) bool {
		switch {
		case where == "state.json" && m.Key == "profile":
			c.report(ruleLegacy.At(s.doc.path, m.KeySpan, "\"profile\" is a legacy hve-squad-mcp key; state.json has no profile (the roster records it)"))
		case h.choice.newer != "":
			c.report(h.newerAsNote(ruleStateShape.At(s.doc.path, m.KeySpan, "%s has a member %s that %s does not define", where, quote(m.Key), p.span())))
		case !p.stateClosed:
			// open before v0.16.0-pre: an extra key breaks no reader
		default:
			return false
		}
		return true
	}}
	fields := p.state
	if h.choice.newer != "" {
		fields = acceptAnyVersion(fields)
	}
	sh.object(root, "state.json", fields)
}

// acceptAnyVersion is a table whose schemaVersion takes any string, for a
// state newer than squadci knows (its version is reported by SS129).
func acceptAnyVersion(fields []field) []field {
	out := append([]field(nil), fields...)
	for i := range out {
		if out[i].name == "schemaVersion" {
			out[i].check = nil
		}
	}
	return out
}

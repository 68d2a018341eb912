package squadstate

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleStateShape = diag.Register(diag.Rule{
	ID: "SS114", Name: "hve-state-shape", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "state.json breaks its closed 1.3 shape",
	Full: "state.json is a closed object: schemaVersion \"1.3\", updated (ISO-8601), turn (integer ≥ 0), mode " +
		"(interactive, autonomous, autopilot), activeRoles (role ids), openEscalations, currentRun " +
		"{sessionModel, modelOverrides, estCostUsd, estCreditsTotal} and notify {approvalChannel " +
		"(in-chat, github-issue, webhook), enabled, email, github {handle, repo}}; trigger is the one " +
		"optional key. Webhook URLs are never stored. A legacy \"profile\" key is reported as SS120.",
	Help: "remove unknown keys, add missing ones with their Init values, and use the listed enum values",
})

var stateFields = []field{
	{name: "schemaVersion", kind: source.KindString, check: oneOf("1.3")},
	{name: "updated", kind: source.KindString, check: isoTime},
	{name: "turn", kind: source.KindNumber, check: nonNegativeInt},
	{name: "mode", kind: source.KindString, check: oneOf("interactive", "autonomous", "autopilot")},
	{name: "activeRoles", kind: source.KindArray, check: stringsOnly},
	{name: "openEscalations", kind: source.KindArray},
	{name: "currentRun", kind: source.KindObject, fields: []field{
		{name: "sessionModel", kind: source.KindString},
		{name: "modelOverrides", kind: source.KindObject},
		{name: "estCostUsd", kind: source.KindNumber},
		{name: "estCreditsTotal", kind: source.KindNumber},
	}},
	{name: "notify", kind: source.KindObject, fields: []field{
		{name: "approvalChannel", kind: source.KindString, check: oneOf("in-chat", "github-issue", "webhook")},
		{name: "enabled", kind: source.KindBool},
		{name: "email", kind: source.KindString},
		{name: "github", kind: source.KindObject, fields: []field{
			{name: "handle", kind: source.KindString},
			{name: "repo", kind: source.KindString},
		}},
	}},
	{name: "trigger", kind: source.KindObject, optional: true},
}

func checkStateShape(c *checker, h *hveRoot) {
	s := h.state
	if s == nil || !checkJSONProblems(c, s.doc) {
		return
	}
	root := s.doc.jsonDoc().Root
	sh := &shape{c: c, d: s.doc, r: ruleStateShape, unknown: func(where string, m *source.Value) bool {
		if where == "state.json" && m.Key == "profile" {
			c.report(ruleLegacy.At(s.doc.path, m.KeySpan, "\"profile\" is a legacy hve-squad-mcp key; state.json 1.3 has no profile (the roster records it)"))
			return true
		}
		return false
	}}
	sh.object(root, "state.json", stateFields)
}

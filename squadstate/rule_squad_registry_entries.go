package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleRegistryEntry = diag.Register(diag.Rule{
	ID: "SS226", Name: "squad-registry-entry", Severity: diag.SeverityError, Domain: "squad",
	Short: "a casting registry entry is malformed",
	Full: "Each registry.json agents entry has persistent_name (string), universe (string) and created_at " +
		"(ISO-8601); status, when present, is a string, and legacy_named a boolean. Squad writes the statuses " +
		"active, retired (the coordinator's member removal) and inactive (the SDK's status type); the SDK reads " +
		"any status lower-cased, a missing one as active, and every status but active as not active (the " +
		"member is left out of the team's capabilities), so another status is a note. Extra fields seen in " +
		"real registries (previous_name, succeeded_by, merged_into, absorbed, reason) are allowed; any other " +
		"member is a note, since no Squad code reads it.",
	Help: "complete the entry; created_at is a timestamp such as 2026-03-02T08:00:00Z, status active, inactive or retired",

	Consumer: "casting reads persistent_name, universe, created_at and status from the entry, so a malformed entry is misread",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

var registryFields = []field{
	{name: "persistent_name", kind: source.KindString},
	{name: "universe", kind: source.KindString},
	{name: "created_at", kind: source.KindString, check: func(v *source.Value) string {
		if isISO(v.Str) {
			return ""
		}
		return "is " + quote(v.Str) + "; want an ISO-8601 timestamp"
	}},
	{name: "status", kind: source.KindString, optional: true},
	{name: "legacy_named", kind: source.KindBool, optional: true},
}

var registryExtras = []string{"previous_name", "succeeded_by", "merged_into", "absorbed", "reason"}

func checkRegistryEntries(c *checker, t *squadTeam) {
	if t.reg == nil || t.reg.agents == nil {
		return
	}
	sh := &shape{c: c, d: t.reg.doc, r: ruleRegistryEntry, unknown: func(where string, m *source.Value) bool {
		if !isOneOf(m.Key, registryExtras) {
			// No Squad reader looks at other members: a note, not an error.
			n := ruleRegistryEntry.At(t.reg.doc.path, m.KeySpan, "%s has a member %s that Squad does not read", where, quote(m.Key))
			n.Severity = diag.SeverityNote
			c.report(n)
		}
		return true
	}}
	for _, m := range t.reg.agents.Members {
		sh.object(m, "agents."+m.Key, registryFields)
		if s := m.Get("status"); m.Kind == source.KindObject && s != nil && s.Kind == source.KindString && !isOneOf(entryStatus(m), registryStatuses) {
			n := ruleRegistryEntry.At(t.reg.doc.path, s.Span, "agents.%s has status %s, which Squad reads as not active (the member is left out of the team's capabilities)%s",
				m.Key, quote(s.Str), diag.DidYouMean(strings.ToLower(s.Str), registryStatuses))
			n.Severity = diag.SeverityNote
			c.report(n)
		}
	}
}

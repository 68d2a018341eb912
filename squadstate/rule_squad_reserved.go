package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleReservedName = diag.Register(diag.Rule{
	ID: "SS220", Name: "squad-reserved-name", Severity: diag.SeverityError, Domain: "squad",
	Short: "a reserved built-in name has another role or sits in the wrong table",
	Full: "Scribe, Ralph, Rai and Fact Checker are built-ins with fixed roles (Session Logger, Work Monitor, " +
		"RAI Reviewer, Fact Checker); @copilot appears only in ## Coding Agent and Squad only in " +
		"## Coordinator. The coordinator and workflows recognise them by name. Squad also accepts each " +
		"built-in's name as its role, in any case (presets/scaffold.js statusForRole: scribe, ralph, rai, " +
		"fact-checker), which is what `squad init --sdk` and `squad build` write.",
	Help: "give the built-in its canonical role, or cast the member under another name",

	Consumer: "the coordinator and workflows recognise built-ins by name, so the member is handled as the built-in",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

func checkReservedNames(c *checker, t *squadTeam) {
	for _, m := range t.members() {
		d := t.roster.doc
		switch name := m.nameText; {
		case strings.EqualFold(name, "@copilot"):
			c.report(ruleReservedName.At(d.path, m.name.Span, "@copilot belongs in the ## Coding Agent table, not in Members"))
		case strings.EqualFold(name, "Squad"):
			c.report(ruleReservedName.At(d.path, m.name.Span, "Squad is the coordinator; it appears only in the ## Coordinator table"))
		default:
			if b := builtinNamed(name); b != nil && !b.acceptsRole(m.roleText) {
				c.report(ruleReservedName.At(d.path, m.role.Span, "%s is a built-in whose role is %q, not %s", b.name, b.role, quote(m.roleText)))
			}
		}
	}
}

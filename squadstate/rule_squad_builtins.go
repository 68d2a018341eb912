package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleBuiltinsMissing = diag.Register(diag.Rule{
	ID: "SS221", Name: "squad-builtins-missing", Severity: diag.SeverityWarning, Domain: "squad",
	Short: "a cast roster lacks one of the built-in members",
	Full: "Once Members has rows, it lists the built-ins: Scribe and Ralph, and in current versions Rai and " +
		"Fact Checker. A freshly initialised squad (no rows yet) is exempt.",
	Help: "add the missing built-in rows (squad upgrade restores them)",

	Consumer: "nothing breaks today: the coordinator adds the built-ins it needs; Squad's own preset " +
		"and import writers leave them out",
	Since: "Squad CLI 0.10.0 / SDK 0.13.1 (Fact Checker only in the SDK's coordinator)",
})

func checkBuiltinsPresent(c *checker, t *squadTeam) {
	if len(t.members()) == 0 {
		return
	}
	var missing []string
	for _, b := range builtins {
		found := false
		for _, m := range t.members() {
			found = found || strings.EqualFold(m.nameText, b.name)
		}
		if !found {
			missing = append(missing, b.name)
		}
	}
	if len(missing) > 0 {
		c.report(ruleBuiltinsMissing.At(t.roster.doc.path, t.roster.table.Header.Span, "Members has no row for the built-in %s", strings.Join(missing, ", ")))
	}
}

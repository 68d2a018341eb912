package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleBuiltinsMissing = diag.Register(diag.Rule{
	ID: "SS221", Name: "squad-builtins-missing", Severity: diag.SeverityWarning, Domain: "squad",
	Short: "a cast roster lacks one of the built-in members",
	Full: "Once Members has rows, it lists the built-ins: Scribe and Ralph, and in current versions Rai and " +
		"Fact Checker (the coordinator says they are always on the roster). A freshly initialised squad (no " +
		"rows yet) is exempt. `squad preset apply` and `squad import` write only the preset's members, so " +
		"their rosters lack all four; when only Fact Checker is missing it is a note, since no Squad 0.10 " +
		"writer adds that row.",
	Help: "add the built-in rows to ## Members, e.g. | Scribe | Session Logger | `.squad/agents/scribe/charter.md` | 📋 Silent |",

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
	switch {
	case len(missing) == 1 && missing[0] == "Fact Checker":
		// The coordinator template says Fact Checker is always on the
		// roster, but no writer of Squad CLI 0.10 (init, cast, build,
		// preset) adds its row: Squad's own output, so a note.
		d := ruleBuiltinsMissing.At(t.roster.doc.path, t.roster.table.Header.Span, "Members has no row for the built-in Fact Checker (Squad's own writers do not add it yet)")
		d.Severity = diag.SeverityNote
		c.report(d)
	case len(missing) > 0:
		c.report(ruleBuiltinsMissing.At(t.roster.doc.path, t.roster.table.Header.Span, "Members has no row for the built-in %s", strings.Join(missing, ", ")))
	}
}

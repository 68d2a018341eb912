package squadstate

import (
	"regexp"
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleBuiltinsMissing = diag.Register(diag.Rule{
	ID: "SS221", Name: "squad-builtins-missing", Severity: diag.SeverityNote, Domain: "squad",
	Short: "a cast roster lacks one of the built-in members",
	Full: "Once Members has rows, it lists the built-ins: Scribe and Ralph, and in current versions Rai and " +
		"Fact Checker (the coordinator says they are always on the roster). A freshly initialised squad (no " +
		"rows yet) is exempt. `squad preset apply` and `squad import` write only the preset's members, so " +
		"their rosters lack all four; no Squad 0.10 writer adds the Fact Checker row. A built-in the installed " +
		"coordinator (.github/agents/squad.agent.md) never names is not expected: that Squad version does not " +
		"have it.",
	Help: "add the built-in rows to ## Members, e.g. | Scribe | Session Logger | `.squad/agents/scribe/charter.md` | 📋 Silent |",

	Consumer: "nothing breaks (a note): the coordinator runs its built-ins from its own prompt whether " +
		"or not they have a row, and Squad's own preset and import writers leave them out",
	Since: "Squad CLI 0.10.0 / SDK 0.13.1 (Fact Checker only in the SDK's coordinator)",
})

func checkBuiltinsPresent(c *checker, t *squadTeam) {
	if len(t.members()) == 0 {
		return
	}
	coordinator := c.doc(agentFile)
	var missing []string
	for _, b := range builtins {
		found := false
		for _, m := range t.members() {
			found = found || strings.EqualFold(m.nameText, b.name)
		}
		if !found && coordinatorHas(coordinator, b) {
			missing = append(missing, b.name)
		}
	}
	switch {
	case len(missing) == 1 && missing[0] == "Fact Checker":
		// The coordinator template says Fact Checker is always on the
		// roster, but no writer of Squad CLI 0.10 (init, cast, build,
		// preset) adds its row.
		c.report(ruleBuiltinsMissing.At(t.roster.doc.path, t.roster.table.Header.Span, "Members has no row for the built-in Fact Checker (Squad's own writers do not add it yet)"))
	case len(missing) > 0:
		c.report(ruleBuiltinsMissing.At(t.roster.doc.path, t.roster.table.Header.Span, "Members has no row for the built-in %s", strings.Join(missing, ", ")))
	}
}

// coordinatorHas reports whether the installed coordinator knows built-in
// b: Scribe and Ralph are in every version; Rai and Fact Checker only in
// coordinators that name them. Without a readable coordinator every
// built-in is expected (the current version's set).
func coordinatorHas(coordinator *doc, b builtin) bool {
	if coordinator == nil || b.name == "Scribe" || b.name == "Ralph" {
		return true
	}
	return builtinNameRE(b.name).Match(coordinator.src)
}

// builtinNameRE matches a built-in's name as a whole word ("Rai", never
// "Raise").
func builtinNameRE(name string) *regexp.Regexp {
	return regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`)
}

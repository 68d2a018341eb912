package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleCharterDirName = diag.Register(diag.Rule{
	ID: "SS215", Name: "squad-charter-dir-name", Severity: diag.SeverityNote, Domain: "squad",
	Short: "a member's agent directory is not its lowercased name",
	Full: "Every writer names the agent directory with the lowercased cast name (Flight → flight; a " +
		"multi-word name keeps its space or becomes kebab-case); Rai uses Rai/ and Fact Checker uses " +
		"fact-checker/. Spawn names, inbox files and registry keys use the same string.",
	Help: "move the charter to .squad/agents/<lowercase name>/ and update the Charter cell",

	Consumer: "nothing breaks (a note) while every file uses the same directory; spawn names, inbox files and " +
		"registry keys expect the lowercased name",
	Since: "Squad CLI 0.10.0 / SDK 0.13.1",
})

func checkCharterDirNames(c *checker, t *squadTeam) {
	for _, m := range t.members() {
		dir, ok := charterDir(m.charterPath)
		if !ok {
			continue
		}
		want := dirNamesFor(m.nameText)
		if !isOneOf(dir, want) {
			c.report(ruleCharterDirName.At(t.roster.doc.path, m.charter.Span, "member %s keeps its charter in %s/; the directory is %q", quote(m.nameText), dir, want[0]))
		}
	}
}

// dirNamesFor lists the agent directory names accepted for a member name.
func dirNamesFor(name string) []string {
	if b := builtinNamed(name); b != nil {
		return b.dirs
	}
	lower := strings.ToLower(name)
	return []string{lower, strings.ReplaceAll(lower, " ", "-")}
}

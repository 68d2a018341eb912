package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleSquadLegacy = diag.Register(diag.Rule{
	ID: "SS252", Name: "squad-legacy", Severity: diag.SeverityNote, Domain: "squad",
	Short: "a legacy Squad file, directory or value",
	Full: "Squad still reads some old forms but no longer writes them: the .ai-team/ directory, root-level " +
		".squad/casting-*.json copies, casting-state.json and model-config.json (nothing reads them), the " +
		"stateBackend values worktree and git-notes, and a front-matter version: in squad.agent.md. The flat " +
		".squad/casting-*.json files get a note: `squad upgrade --force` writes them again.",
	Help: "run `squad upgrade`; delete the legacy files once their content is in the current ones",

	Consumer: "nothing breaks (a note): nothing reads the legacy form, and squad upgrade --force recreates the flat casting files",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

// checkLegacyDir reports the deprecated .ai-team/ directory.
func checkLegacyDir(c *checker) {
	if ps := c.under(legacyDir); len(ps) > 0 {
		c.report(ruleSquadLegacy.At(ps[0], diag.Span{}, ".ai-team/ is the deprecated name of .squad/; rename it (squad upgrade migrates it)"))
	}
}

func checkSquadLegacy(c *checker, t *squadTeam) {
	for _, p := range c.under(squadDir) {
		rest := strings.TrimPrefix(p, squadDir)
		if strings.Contains(rest, "/") {
			continue
		}
		switch {
		case strings.HasPrefix(rest, "casting-") && strings.HasSuffix(rest, ".json"):
			// `squad upgrade --force` writes these itself (the CLI's template
			// manifest), so deleting them does not last: a note.
			d := ruleSquadLegacy.At(p, diag.Span{}, "%s is a legacy file nothing reads (casting lives in .squad/casting/); `squad upgrade --force` recreates it, so it is harmless", rest)
			d.Severity = diag.SeverityNote
			c.report(d)
		case rest == "model-config.json":
			c.report(ruleSquadLegacy.At(p, diag.Span{}, "%s is a legacy file nothing reads; models live in config.json and charters", rest))
		}
	}
}

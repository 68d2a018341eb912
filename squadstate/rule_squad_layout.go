package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleSquadLayout = diag.Register(diag.Rule{
	ID: "SS201", Name: "squad-layout", Severity: diag.SeverityError, Domain: "squad",
	Short: ".squad/ lacks a file squad doctor requires",
	Full: "squad doctor fails when .squad/ lacks team.md, routing.md, decisions.md or the agents/ " +
		"directory. A squad whose config.json sets teamRoot or stateLocation keeps them elsewhere and is " +
		"not checked here. With stateBackend orphan or two-layer, decisions.md lives on the squad-state " +
		"branch (init moves it there): it is looked up on that branch, and when the branch cannot be read " +
		"a note says it was not checked. A .squad/ below the lint root (a monorepo package) gets a note " +
		"naming the command that lints it.",
	Help: "run `squad init` (it only writes missing files) or restore the file",

	Consumer: "squad doctor fails and the coordinator finds no roster, routing or decisions to read",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

// LayoutNote is a note of the layout rule (SS201) at path: the engine's
// word on a squad it found but does not check, such as a .squad/ below
// the lint root.
func LayoutNote(path, format string, args ...any) diag.Diagnostic {
	d := ruleSquadLayout.At(path, diag.Span{}, format, args...)
	d.Severity = diag.SeverityNote
	return d
}

func checkSquadLayout(c *checker, t *squadTeam) {
	if t.remote || len(c.under(squadDir)) == 0 {
		return
	}
	var missing []string
	for _, f := range []string{"team.md", "routing.md", "decisions.md"} {
		if c.exists(squadDir + f) {
			continue
		}
		if f == "decisions.md" {
			if onBranch, unread := c.stateFile(t, f); onBranch {
				continue
			} else if unread {
				d := c.firstSquadDoc()
				c.report(unreadBranchNote(ruleSquadLayout, t, d.path, d.head(), f).AboutFile(squadDir + f))
				continue
			}
		}
		missing = append(missing, f)
	}
	if len(c.under(squadDir+"agents/")) == 0 {
		missing = append(missing, "agents/")
	}
	if len(missing) == 0 {
		return
	}
	d := c.firstSquadDoc()
	c.report(ruleSquadLayout.At(d.path, d.head(), ".squad/ has no %s", strings.Join(missing, ", ")).AboutFile(squadDir))
}

// firstSquadDoc is the loaded .squad file findings about the directory sit
// on: team.md when it is there, else the first loaded one.
func (c *checker) firstSquadDoc() *doc {
	if d := c.doc(squadDir + "team.md"); d != nil {
		return d
	}
	for _, p := range c.under(squadDir) {
		if d := c.doc(p); d != nil {
			return d
		}
	}
	return &doc{path: c.under(squadDir)[0]}
}

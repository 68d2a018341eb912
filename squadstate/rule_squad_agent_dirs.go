package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleAgentDirUnreferenced = diag.Register(diag.Rule{
	ID: "SS223", Name: "squad-agent-dir-unreferenced", Severity: diag.SeverityNote, Domain: "squad",
	Short: "an agent directory with a charter is on no Members row",
	Full: "Every .squad/agents/<dir>/ with a charter.md (except _alumni and other _ or . names) is referenced " +
		"by a Members row's Charter cell; an unreferenced one is a member that was removed without being " +
		"retired to _alumni/. Built-in directories and a freshly initialised squad (no rows) are exempt.",
	Help: "add the member to team.md, or move the directory to .squad/agents/_alumni/",

	Consumer: "nothing breaks (a note): the member is no longer on the roster, but its directory was not retired to _alumni/",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

var ruleAgentDirNoCharter = diag.Register(diag.Rule{
	ID: "SS224", Name: "squad-agent-dir-no-charter", Severity: diag.SeverityError, Domain: "squad",
	Short: "an agent directory has no charter.md",
	Full: "Every non-underscore directory under .squad/agents/ holds the member's charter.md; a directory " +
		"with only history.md is a member that cannot be spawned.",
	Help: "restore charter.md, or move the directory to _alumni/",

	Consumer: "the coordinator cannot spawn the member: it has no charter",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

var ruleAgentHistory = diag.Register(diag.Rule{
	ID: "SS225", Name: "squad-agent-history", Severity: diag.SeverityNote, Domain: "squad",
	Short: "a rostered agent has no history.md with ## Learnings",
	Full: "Agents append their learnings to .squad/agents/<dir>/history.md under ## Learnings. Squad's runtime " +
		"creates both on the first append (appendHistory adds a missing file or section; reading a missing " +
		"history gives an empty one), and preset apply and import write neither, so their absence is a note. " +
		"With stateBackend orphan or two-layer the histories live on the squad-state branch and are looked " +
		"up there.",
	Help: "create history.md with a \"## Learnings\" heading",

	Consumer: "nothing breaks: the Squad SDK creates history.md and ## Learnings on first append",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

func checkAgentDirs(c *checker, t *squadTeam) {
	for _, dir := range t.agents {
		p := squadDir + "agents/" + dir + "/"
		first := c.under(p)[0]
		if !t.withCh[dir] {
			at := c.doc(first)
			var span diag.Span
			if at != nil {
				span = at.head()
			}
			c.report(ruleAgentDirNoCharter.At(first, span, "%s has no charter.md", p))
			continue
		}
		if len(t.members()) == 0 || isBuiltinDir(dir) || t.memberByCharterDir(dir) != nil {
			continue
		}
		d := t.charter[dir]
		var span diag.Span
		path := p + "charter.md"
		if d != nil {
			span = d.head()
		}
		c.report(ruleAgentDirUnreferenced.At(path, span, "no Members row in %s references %s", t.roster.doc.path, path))
	}
}

func checkAgentHistory(c *checker, t *squadTeam) {
	for _, m := range t.members() {
		dir, ok := charterDir(m.charterPath)
		if !ok || !t.withCh[dir] {
			continue
		}
		p := squadDir + "agents/" + dir + "/history.md"
		d := c.doc(p)
		switch {
		case d == nil && !c.exists(p):
			if onBranch, unread := c.stateFile(t, "agents/"+dir+"/history.md"); onBranch {
				continue
			} else if unread {
				c.report(unreadBranchNote(ruleAgentHistory, t, t.roster.doc.path, m.charter.Span, p))
				continue
			}
			c.report(ruleAgentHistory.At(t.roster.doc.path, m.charter.Span, "%s has no %s", quote(m.nameText), p))
		case d != nil && !hasLearnings(d):
			c.report(ruleAgentHistory.At(p, d.head(), "%s has no \"## Learnings\" section", p))
		}
	}
}

func hasLearnings(d *doc) bool {
	for _, h := range d.markdown().Headings {
		if h.Level == 2 && strings.EqualFold(h.Text, "Learnings") {
			return true
		}
	}
	return false
}

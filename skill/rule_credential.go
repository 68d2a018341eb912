package skill

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/secrets"
)

var ruleCredential = diag.Register(diag.Rule{
	ID: "SK108", Name: "skill-credential", Severity: diag.SeverityError, Domain: "skill", Secret: true,
	Short: "A SKILL.md contains credential-shaped content",
	Full: "A host that loads a skill sends its SKILL.md to the model (VS Code and Claude Code read the body when " +
		"the skill is used; agentskills.io: the body is loaded into context), and the file is committed, so a " +
		"credential in it has leaked. The whole file is scanned with the shared credential-shape scanner; the " +
		"message names the family (or, for a generic value, the key it is assigned to), never the value. The " +
		"known token formats are errors; a value only the generic heuristic flags (high entropy, assigned to a " +
		"secret-named key) is a warning, since in skills such lines are mostly examples. A SKILL.md the " +
		"squad-state rules read (the directories Squad installs skills into, .squad/skills and .github/skills) is scanned by SS002 instead. Ownership never lowers " +
		"this rule: a committed credential is the repository's problem whoever wrote the file.",
	Help:     "Remove the value and rotate the credential; have the skill read it from the environment or the host's secret store.",
	Consumer: "a security property breaks: VS Code, Copilot CLI and Claude Code send SKILL.md to the model when the skill is used, and the credential is committed with it",
})

// credentials reports every credential-shaped run of the file, unless the
// squad-state rules scan it.
func (c *check) credentials() {
	if c.ctx.SquadScans != nil && c.ctx.SquadScans(c.path) {
		return
	}
	for _, m := range secrets.Scan(string(c.src)) {
		d := ruleCredential.At(c.path, diag.Span{Start: m.Start, End: m.End},
			"credential-shaped content (%s); the value is withheld", m.Phrase())
		if m.Heuristic() {
			d.Severity = diag.SeverityWarning
		}
		c.out = append(c.out, d)
	}
}

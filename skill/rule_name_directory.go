package skill

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleNameDirectory = diag.Register(diag.Rule{
	ID: "SK103", Name: "skill-name-directory", Severity: diag.SeverityError, Domain: "skill",
	Short: "A skill's name differs from its directory's name",
	Full: "The name must equal the name of the directory holding SKILL.md, exactly (agentskills.io " +
		"specification: \"Must match the parent directory name\"; skills-ref refuses a mismatch). VS Code " +
		"compares the two exactly, case included: earlier releases skip the skill (skip reason " +
		"name-mismatch), later ones load it under the directory name, so /<name> as written does not exist there. " +
		"Copilot CLI and Claude Code load it under name: instead (Copilot CLI: name, else the directory), so the one " +
		"skill has a different name in each host and /<name> works only in some. Renaming either so that both agree " +
		"works everywhere." + ownership,
	Help:     "rename the directory or the name so that both are the same",
	Consumer: "VS Code skips the skill, or loads it under its directory name, while Copilot CLI and Claude Code load it under name:, so the skill's name differs by host",
	Since:    "Agent Skills specification (agentskills.io)",
})

// nameMatchesDirectory compares a well-formed scalar name with the
// skill's directory.
func (c *check) nameMatchesDirectory() {
	v := c.value("name")
	if v == nil || v.Kind != yaml.ScalarNode {
		return
	}
	n := v.Value // as written: VS Code's discovery does not trim it
	if strings.TrimSpace(n) == "" || n == c.dir {
		return
	}
	if strings.TrimSpace(n) == c.dir {
		c.report(ruleNameDirectory, c.spanOf(v), 0, "name %s differs from its directory %s only by spaces: VS Code compares the name untrimmed, "+
			"Copilot CLI trims it; delete the spaces", quoteName(n), quoteName(c.dir))
		return
	}
	c.report(ruleNameDirectory, c.spanOf(v), 0, "name %s differs from its directory %s: VS Code knows the skill as %s, Copilot CLI and Claude Code as %s; rename one so that both agree",
		quoteName(n), quoteName(c.dir), quoteName(c.dir), quoteName(n))
}

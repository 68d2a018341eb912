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
		"name-mismatch), later ones load it under the directory name, so /<name> as written does not exist." + ownership,
	Help:     "rename the directory or the name so that both are the same",
	Consumer: "VS Code skips the skill, or loads it under its directory name instead of the name written",
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
	c.report(ruleNameDirectory, c.spanOf(v), 0, "name %s differs from its directory %s; hosts know the skill by its directory name",
		quoteName(n), quoteName(c.dir))
}

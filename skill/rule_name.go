package skill

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleName = diag.Register(diag.Rule{
	ID: "SK102", Name: "skill-name", Severity: diag.SeverityError, Domain: "skill",
	Short: "A skill's name is missing or not a valid skill name",
	Full: "name is required: 1 to 64 characters, lowercase letters a-z, digits and hyphens, not starting or " +
		"ending with a hyphen and without two in a row (agentskills.io specification, \"name field\"; GitHub " +
		"Copilot's skill documentation marks it required and lowercase). VS Code's validator marks any other " +
		"character as an error (promptValidator: \"Skill name may only contain lowercase letters, numbers, and " +
		"hyphens\") and its discovery cuts a name to 64 characters (truncateAgentSkillName), while Copilot CLI's skill " +
		"schema refuses a name over 64 characters and does not load the skill (it accepts letters of either case, " +
		"digits, '.', '_', '-' and spaces, which it turns into '-'); a missing name made earlier VS Code releases " +
		"skip the skill (skip reason missing-name); current ones and Copilot CLI fall back to the directory name. A leading, trailing " +
		"or doubled hyphen breaks only the specification (skills-ref refuses it; VS Code loads it), so it is a " +
		"warning." + ownership,
	Help:     "name the skill in lowercase kebab-case, as its directory is named",
	Consumer: "VS Code flags the name as invalid or truncates it, and Copilot CLI refuses to load a skill whose name is over 64 characters; GitHub Copilot requires a name",
	Since:    "Agent Skills specification (agentskills.io)",
})

// maxName is the specification's and VS Code's limit (MAX_NAME_LENGTH).
const maxName = 64

// name checks the name field's presence and form.
func (c *check) name() {
	kv, ok := c.keys["name"]
	if !ok {
		c.report(ruleName, c.front.Open, 0, "no name: add name: %s (the skill's directory name)", quoteName(c.dir))
		return
	}
	v := kv.v
	if v.Kind != yaml.ScalarNode || v.ShortTag() == "!!null" {
		c.report(ruleName, c.spanOf(v), 0, "name is a YAML %s; write it as a string, e.g. name: %s", kindName(v), quoteName(c.dir))
		return
	}
	n := v.Value // untrimmed: VS Code's discovery compares it with the directory as written
	switch {
	case strings.TrimSpace(n) == "":
		c.report(ruleName, c.spanOf(v), 0, "name is empty; write the skill's directory name, %s", quoteName(c.dir))
	case utf8.RuneCountInString(n) > maxName:
		c.report(ruleName, c.spanOf(v), 0, "name is %d characters: VS Code cuts it to %d and loads the skill under that name, and Copilot CLI refuses to load the skill", utf8.RuneCountInString(n), maxName)
	case badNameRune(n) != "":
		c.report(ruleName, c.spanOf(v), 0, "name %s holds %s; VS Code's validator allows only lowercase letters a-z, digits and hyphens", quoteName(n), badNameRune(n))
	case strings.HasPrefix(n, "-") || strings.HasSuffix(n, "-"):
		c.report(ruleName, c.spanOf(v), diag.SeverityWarning, "name %s starts or ends with a hyphen, which the Agent Skills format forbids", quoteName(n))
	case strings.Contains(n, "--"):
		c.report(ruleName, c.spanOf(v), diag.SeverityWarning, "name %s has two hyphens in a row, which the Agent Skills format forbids", quoteName(n))
	}
}

// badNameRune describes the first character a skill name may not hold, or
// returns "".
func badNameRune(n string) string {
	for _, r := range n {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-':
		case r >= 'A' && r <= 'Z':
			return "an uppercase letter (" + string(r) + ")"
		case r == ' ':
			return "a space"
		case r < 0x20 || r == 0x7f:
			return "a control character"
		default:
			return "the character " + quoteName(string(r))
		}
	}
	return ""
}

// quoteName quotes a name for a message, cutting a long one.
func quoteName(s string) string {
	if utf8.RuneCountInString(s) > 80 {
		s = string([]rune(s)[:77]) + "…"
	}
	return strconv.Quote(s)
}

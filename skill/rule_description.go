package skill

import (
	"regexp"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleDescription = diag.Register(diag.Rule{
	ID: "SK104", Name: "skill-description", Severity: diag.SeverityError, Domain: "skill",
	Short: "A skill's description is missing, empty or longer than 1,024 characters",
	Full: "description is required and non-empty, at most 1,024 characters: it is all the model sees of the " +
		"skill when it decides whether to load it (agentskills.io specification, \"description field\"; " +
		"GitHub Copilot marks it required). VS Code's validator marks a description that is not a string or " +
		"is empty as an error, earlier releases skip a skill without one (skip reason " +
		"missing-description), and discovery cuts a longer one to 1,024 characters after removing <…> tags " +
		"(truncateAgentSkillDescription), so what the model reads is not what was written; Copilot CLI's skill " +
		"schema refuses a description over 1,024 characters and does not load the skill." + ownership,
	Help:     "say in one or two sentences what the skill does and when to use it, in at most 1,024 characters",
	Consumer: "VS Code skips the skill or truncates its description, and Copilot CLI refuses one over 1,024 characters; without one the model cannot pick the skill",
	Since:    "Agent Skills specification (agentskills.io)",
})

// maxDescription is the specification's and VS Code's limit.
const maxDescription = 1024

// xmlTag is what VS Code removes from a description before measuring it.
var xmlTag = regexp.MustCompile(`<[^>]+>`)

func (c *check) description() {
	kv, ok := c.keys["description"]
	if !ok {
		c.report(ruleDescription, c.front.Open, 0, "no description: say what the skill does and when to use it")
		return
	}
	v := kv.v
	if v.Kind != yaml.ScalarNode || v.ShortTag() == "!!null" {
		c.report(ruleDescription, c.spanOf(v), 0, "description is a YAML %s; write it as a string", kindName(v))
		return
	}
	if strings.TrimSpace(v.Value) == "" {
		c.report(ruleDescription, c.spanOf(v), 0, "description is empty; say what the skill does and when to use it")
		return
	}
	runes := utf8.RuneCountInString(v.Value)
	// VS Code measures JavaScript string length (UTF-16 units) after
	// removing tags; the specification counts characters.
	units := len(utf16.Encode([]rune(xmlTag.ReplaceAllString(v.Value, ""))))
	if runes > maxDescription || units > maxDescription {
		c.report(ruleDescription, c.spanOf(v), 0, "description is %d characters: VS Code cuts it to %d, and Copilot CLI refuses to load the skill", runes, maxDescription)
	}
}

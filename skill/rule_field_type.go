package skill

import (
	"strings"
	"unicode/utf8"

	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleFieldType = diag.Register(diag.Rule{
	ID: "SK105", Name: "skill-field-type", Severity: diag.SeverityWarning, Domain: "skill",
	Short: "An optional frontmatter field has the wrong type or value",
	Full: "The optional fields have fixed shapes (agentskills.io specification): license a string; " +
		"compatibility a string of 1 to 500 characters; metadata a mapping of string keys to string values; " +
		"allowed-tools one space-separated string of tool names. skills-ref refuses other shapes but no host " +
		"drops the skill. What is only information (license, compatibility, metadata: no host acts on them, " +
		"and the JavaScript readers keep a number or boolean as its value) is a note, as are a YAML list for " +
		"allowed-tools, an empty argument-hint and the deprecated user-invokable, which VS Code still reads. " +
		"A shape that loses what the author meant is a warning: an allowed-tools mapping or number (no tool " +
		"list is read), a context other than fork (the skill runs inline), an argument-hint that is no " +
		"string. VS Code's own keys are stricter: user-invocable and disable-model-invocation must be literal " +
		"true or false, and VS Code ignores any other value and keeps the default (promptValidator " +
		"validateUserInvocable, validateDisableModelInvocation): an error, since the skill then behaves " +
		"unlike what was written." + ownership,
	Help: "write the field in the shape the format gives it",
	Consumer: "VS Code ignores a non-boolean user-invocable or disable-model-invocation (error); VS Code and " +
		"Claude Code lose an allowed-tools list or a fork context in another shape (warning); informational " +
		"fields of another shape break only the format's validator, skills-ref (note)",
	Since:   "Agent Skills specification (agentskills.io)",
	Fixable: true,
	Repair: "renames user-invokable to user-invocable when user-invocable is absent (VS Code reads the old spelling as " +
		"the new key); the other shapes need a person.",
})

// maxCompatibility is the specification's limit.
const maxCompatibility = 500

// fieldTypes checks the shape of every known optional field present.
func (c *check) fieldTypes() {
	for key, kv := range c.sortedKeys() {
		f, known := fields[key]
		if !known || key == "name" || key == "description" {
			continue
		}
		switch f.shape {
		case shapeString:
			c.stringField(key, kv.v)
		case shapeBool:
			c.boolField(key, kv)
		case shapeMap:
			c.metadataField(kv.v)
		case shapeToolStr:
			c.toolsField(kv.v)
		}
	}
}

func (c *check) stringField(key string, v *yaml.Node) {
	sev := diag.SeverityNote // information no host acts on
	if key == "argument-hint" || key == "context" {
		sev = diag.SeverityOff // the rule's warning: a host reads these
	}
	if !isText(v) {
		c.report(ruleFieldType, c.spanOf(v), sev, "%s is a YAML %s; write it as a string", key, kindName(v))
		return
	}
	s := strings.TrimSpace(v.Value)
	switch {
	case s == "":
		c.report(ruleFieldType, c.spanOf(v), diag.SeverityNote, "%s is empty; give it a value or delete it", key)
	case key == "compatibility" && utf8.RuneCountInString(v.Value) > maxCompatibility:
		c.report(ruleFieldType, c.spanOf(v), diag.SeverityNote, "compatibility is %d characters; the Agent Skills format allows %d", utf8.RuneCountInString(v.Value), maxCompatibility)
	case key == "context" && s != "fork":
		c.report(ruleFieldType, c.spanOf(v), 0, "context %s is not fork, the one value VS Code and Claude Code read", quoteName(s))
	}
}

func (c *check) boolField(key string, kv keyValue) {
	v := kv.v
	if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!bool" || !isLiteralBool(v.Value) {
		c.report(ruleFieldType, c.spanOf(v), diag.SeverityError, "%s is a YAML %s; VS Code reads only a literal true or false and ignores this value", key, valueKind(v))
		return
	}
	if key == "user-invokable" {
		c.report(ruleFieldType, c.spanOf(kv.k), diag.SeverityNote, "user-invokable is the deprecated spelling; write user-invocable")
		if c.value("user-invocable") == nil {
			c.out[len(c.out)-1].Fix = c.front.RenameFix(kv.k, "user-invocable")
		}
	}
}

// isLiteralBool reports the spellings every YAML reader takes as a boolean.
func isLiteralBool(s string) bool { return s == "true" || s == "false" }

// valueKind is kindName, saying why a string that reads like a boolean
// is none.
func valueKind(v *yaml.Node) string {
	switch {
	case v.Kind != yaml.ScalarNode || v.ShortTag() != "!!str":
		return kindName(v)
	case v.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0:
		return "string (quoted)"
	}
	return "string (" + quoteName(v.Value) + " is no boolean in YAML 1.2)"
}

func (c *check) metadataField(v *yaml.Node) {
	if v.Kind != yaml.MappingNode {
		c.report(ruleFieldType, c.spanOf(v), diag.SeverityNote, "metadata is a YAML %s; write it as a mapping of string keys to string values", kindName(v))
		return
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, val := v.Content[i], v.Content[i+1]
		if !isText(val) {
			// No host acts on metadata, and the JavaScript readers keep a
			// number, boolean or list as its value: only skills-ref refuses it.
			c.report(ruleFieldType, c.spanOf(val), diag.SeverityNote, "metadata.%s is a YAML %s; metadata values are strings (quote it)", k.Value, kindName(val))
		}
	}
}

func (c *check) toolsField(v *yaml.Node) {
	switch {
	case v.Kind == yaml.SequenceNode:
		c.report(ruleFieldType, c.spanOf(v), diag.SeverityNote, "allowed-tools is a YAML list; the Agent Skills format writes it as one space-separated string")
	case !isText(v):
		c.report(ruleFieldType, c.spanOf(v), 0, "allowed-tools is a YAML %s; write the tool names as one space-separated string", kindName(v))
	}
}

// isText reports a scalar the hosts read as a string: a string, or an
// unquoted date, which YAML 1.2's core schema (the JavaScript readers')
// keeps as text.
func isText(v *yaml.Node) bool {
	return v.Kind == yaml.ScalarNode && (v.ShortTag() == "!!str" || v.ShortTag() == "!!timestamp")
}

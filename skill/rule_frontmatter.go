package skill

import (
	"unicode/utf8"

	"github.com/squadci/squadci/agentfile"
	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleFrontmatter = diag.Register(diag.Rule{
	ID: "SK101", Name: "skill-frontmatter", Severity: diag.SeverityError, Domain: "skill",
	Short: "SKILL.md has no readable YAML frontmatter",
	Full: "A SKILL.md opens with a line holding only ---, then one YAML mapping (name, description and the " +
		"optional fields), then a closing --- line; the Markdown after it is the skill's instructions " +
		"(agentskills.io specification, \"SKILL.md format\"). Without it a host has no name or description: " +
		"GitHub Copilot documents both as required, the reference validator skills-ref refuses the file, and " +
		"VS Code skips a skill whose header does not parse (computeSkillDiscoveryInfo, skip reason " +
		"parse-error). A file that is not UTF-8, a block never closed, a block holding several YAML " +
		"documents or one that is not a mapping are errors; a key written twice is a warning, since parsers " +
		"disagree on which value wins." + ownership,
	Help:     "open the file with ---, name: and description: lines, and a closing ---",
	Consumer: "VS Code skips the skill (parse-error) and GitHub Copilot has no name or description to list it by",
	Since:    "Agent Skills specification (agentskills.io)",
})

// frontmatter reads the YAML block and indexes its top-level keys. It
// reports false when the keys cannot be checked; c.front stays nil only
// for a file that is not UTF-8.
func (c *check) frontmatter() bool {
	if at := invalidUTF8(c.src); at >= 0 {
		c.report(ruleFrontmatter, diag.Span{Start: at, End: at + 1}, 0, "file is not valid UTF-8; save it as UTF-8")
		return false
	}
	f := agentfile.ReadFront(c.src)
	c.front = f
	switch {
	case !f.Present:
		c.report(ruleFrontmatter, diag.Span{}, 0, "no frontmatter: a skill opens with --- and a YAML block holding name and description")
		return false
	case f.Unclosed:
		c.report(ruleFrontmatter, f.Open, 0, "the frontmatter is never closed: add a line holding only --- after the YAML")
		return false
	case f.Problem != "":
		c.report(ruleFrontmatter, f.ProblemAt, 0, "frontmatter: %s", f.Problem)
		return false
	case f.Root != nil && f.Root.Kind != yaml.MappingNode:
		c.report(ruleFrontmatter, c.spanOf(f.Root), 0, "the frontmatter is a YAML %s, not a mapping of keys", kindName(f.Root))
		return false
	}
	c.indexKeys()
	return true
}

// indexKeys records each top-level key's first occurrence and reports the
// later ones.
func (c *check) indexKeys() {
	c.keys = map[string]keyValue{}
	root := c.front.Root
	if root == nil {
		return
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if first, dup := c.keys[k.Value]; dup {
			c.report(ruleFrontmatter, c.spanOf(k), diag.SeverityWarning,
				"key %q is written twice (first at line %d); hosts disagree on which value wins", k.Value, first.k.Line+1) // YAML line 1 is the file line after ---
			continue
		}
		c.keys[k.Value] = keyValue{k, v}
	}
}

// kindName says what a YAML node is, for messages.
func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "mapping"
	case yaml.SequenceNode:
		return "sequence"
	case yaml.AliasNode:
		return "alias"
	}
	switch n.ShortTag() {
	case "!!bool":
		return "boolean"
	case "!!int", "!!float":
		return "number"
	case "!!null":
		return "null"
	case "!!binary":
		return "binary"
	}
	return "string"
}

// invalidUTF8 is the offset of the first byte that is not UTF-8, or -1.
func invalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return -1
}

package agentfile

import (
	"bytes"
	"regexp"
	"strings"
	"sync"

	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

// frontmatter is the leading "---" … "---" block of a Copilot or VS Code
// agent.
type frontmatter struct {
	open, close int // line indexes of the delimiters
	ys          *yamlSource
	root        *yaml.Node // the mapping; nil when empty or refused
	parsed      bool       // the YAML parsed and passed the document rules
}

// isDelimiter reports a frontmatter delimiter line: exactly "---", blanks
// after it tolerated.
func isDelimiter(b []byte) bool { return string(bytes.TrimRight(b, " \t")) == "---" }

// splitFrontmatter finds the frontmatter and sets c.body to the first body
// line. An opening delimiter that never closes is fatal: everything after
// it would otherwise be read as YAML or as prompt by different hosts.
func (c *checker) splitFrontmatter() {
	if len(c.lines) == 0 || !isDelimiter(c.lineBytes(0)) {
		return
	}
	closeAt := -1
	for i := 1; i < len(c.lines); i++ {
		if isDelimiter(c.lineBytes(i)) {
			closeAt = i
			break
		}
	}
	if closeAt < 0 {
		l := c.lines[0]
		c.fail(ruleFrontmatter, diag.Span{Start: l.start, End: l.end}, "frontmatter",
			"end the frontmatter with a line holding only ---", "frontmatter is never closed")
		c.fatal = true
		return
	}
	c.front = &frontmatter{open: 0, close: closeAt, ys: newYAMLSource(c, 1, closeAt, 0)}
	c.body = closeAt + 1
}

// checkFrontmatter parses the frontmatter YAML and maps the keys kmx acts
// on: name, description, model (one exact id) and tools.
func (c *checker) checkFrontmatter() {
	f := c.front
	root, extra, err := f.ys.decode()
	if err != nil {
		c.yamlProblem(f.ys, extra, err, "frontmatter")
		return
	}
	if root == nil {
		f.parsed = true
		c.mapTools(nil, nil)
		return
	}
	w := &yamlWalk{c: c, ys: f.ys, prefix: "frontmatter"}
	w.run(root)
	if w.bounded || c.stopped() {
		return
	}
	if root.Kind != yaml.MappingNode {
		c.fail(ruleFrontmatter, f.ys.span(root), "frontmatter", "write the frontmatter as key: value lines",
			"frontmatter must be a mapping of keys")
		return
	}
	f.root, f.parsed = root, true
	c.agent.Frontmatter = root
	c.mapFrontmatter(root)
}

// mapFrontmatter fills the Agent from the keys kmx maps; the rest are
// preserved as unmapped.
func (c *checker) mapFrontmatter(root *yaml.Node) {
	a := c.agent
	var toolsKey, toolsNode *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		mapped := false
		switch k.Value {
		case "name":
			if isString(v) {
				a.Name, mapped = v.Value, true
			}
		case "description":
			if isString(v) {
				a.Description, mapped = v.Value, true
			}
		case "model":
			c.mark("frontmatter.model", c.front.ys.span(k).Start)
			if isString(v) && modelIDProblem(v.Value) == "" {
				a.Model, a.HasModel, mapped = v.Value, true, true
			}
		case "tools":
			toolsKey, toolsNode, mapped = k, v, true
		}
		if !mapped {
			a.Unmapped = append(a.Unmapped, k.Value)
		}
	}
	c.mapTools(toolsKey, toolsNode)
}

// mapTools maps frontmatter tools: exact tool names are declared; tool
// sets, wildcards and namespaced references stay unmapped. More than 32
// mapped names leave the whole declaration unmapped rather than silently
// activating the first 32.
func (c *checker) mapTools(key, v *yaml.Node) {
	a := c.agent
	if v == nil || v.Tag == "!!null" {
		a.Notices = append(a.Notices, ToolsNotice)
		return
	}
	var entries []string
	switch {
	case v.Kind == yaml.SequenceNode:
		for _, e := range v.Content {
			if isString(e) {
				entries = append(entries, e.Value)
			}
		}
	case isString(v):
		for _, s := range strings.Split(v.Value, ",") {
			if s = strings.TrimSpace(s); s != "" {
				entries = append(entries, s)
			}
		}
	default:
		a.Unmapped = append(a.Unmapped, "tools")
		return
	}
	a.HasTools = true
	c.mark("frontmatter.tools", c.front.ys.span(key).Start)
	seen := map[string]bool{}
	var mapped []string
	for _, e := range entries {
		if toolNameProblem(e) != "" {
			a.UnmappedTools = append(a.UnmappedTools, e)
			continue
		}
		if !seen[e] {
			seen[e] = true
			mapped = append(mapped, e)
		}
	}
	if len(mapped) > MaxTools {
		a.UnmappedTools = entries
		a.Notices = append(a.Notices, unmappedToolsNotice)
		return
	}
	a.Tools = mapped
}

// isString reports a YAML string: tagged !!str and, when plain, not
// looking like a number (YAML resolvers differ on such spellings; quote
// them).
func isString(n *yaml.Node) bool {
	if n == nil || n.Kind != yaml.ScalarNode || n.ShortTag() != "!!str" {
		return false
	}
	return n.Style != 0 || !looksNumeric(n.Value)
}

// numericPlain matches the plain spellings YAML 1.1 or 1.2 resolvers read
// as numbers, including ones yaml.v3 keeps as strings (1e400, 1:30).
var numericPlain = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:[-+]?(?:[0-9][0-9_]*)?\.?[0-9][0-9_]*(?:[eE][-+]?[0-9]+)?` +
		`|[-+]?0[xX][0-9a-fA-F_]+|[-+]?0[oO]?[0-7_]+|[-+]?0[bB][01_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?` +
		`|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)|[-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+]?[0-9]+)?)$`)
})

// looksNumeric reports plain scalars some YAML resolver reads as a number.
func looksNumeric(s string) bool { return s != "" && numericPlain().MatchString(s) }

// frontString is the first frontmatter key named key, when its value is a
// string (the hosts read the first of repeated keys).
func (c *checker) frontString(key string) (string, bool) {
	if c.front == nil || c.front.root == nil {
		return "", false
	}
	for i := 0; i+1 < len(c.front.root.Content); i += 2 {
		if k, v := c.front.root.Content[i], c.front.root.Content[i+1]; k.Value == key {
			return v.Value, isString(v)
		}
	}
	return "", false
}

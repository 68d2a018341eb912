package agentfile

import (
	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
	"slices"
)

// Header is the frontmatter of a Markdown customization file other than an
// agent file (a prompt file, an instructions file), read by the same
// parser and YAML rules as an agent's, so that every kind agrees on what
// a header is and where its values are. Other packages report Problems
// under their own rules.
type Header struct {
	Present  bool       // the file opens with a line holding only ---
	Root     *yaml.Node // the mapping of keys; nil when absent, empty or refused
	Problems []HeaderProblem
	// BodyStart is the byte offset where the body begins: after the closing
	// ---, at the start (past a byte-order mark) without a header, and at
	// the end when the header never closes (VS Code then reads the whole
	// file as header).
	BodyStart int
	ys        *yamlSource
}

// HeaderProblem is one reason the frontmatter cannot be read as written.
type HeaderProblem struct {
	Kind   string // "frontmatter", "yaml", "bounds", "text" or "credential"
	Span   diag.Span
	Field  string // where, e.g. "frontmatter.tools"; "" for the whole block
	Msg    string
	Repair string
}

// problemKinds map the agent-file rules the header reading applies to the
// kind of problem they report.
var problemKinds = map[*diag.Rule]string{
	ruleFrontmatter: "frontmatter", ruleYAML: "yaml", ruleBounds: "bounds", ruleText: "text", ruleCredential: "credential",
}

// ParseHeader reads the frontmatter of src: the block between a first line
// holding only --- and the next such line, parsed as one YAML mapping.
// A file over MaxFileBytes is not read.
func ParseHeader(path string, src []byte) *Header {
	h := &Header{BodyStart: len(src)}
	if len(src) > MaxFileBytes {
		return h
	}
	c := newChecker(path, src, false)
	c.lines = splitLines(src, c.bom)
	c.splitFrontmatter()
	h.Present = c.front != nil || c.fatal
	h.BodyStart = len(src)
	if !c.fatal && c.body < len(c.lines) {
		h.BodyStart = c.lines[c.body].start
	}
	if c.front != nil && !c.fatal {
		c.checkFrontmatter()
		h.ys = c.front.ys
		if c.front.parsed {
			h.Root = c.front.root
		}
	}
	for _, f := range c.out {
		h.Problems = append(h.Problems, HeaderProblem{Kind: problemKinds[f.rule], Span: f.span, Field: f.field, Msg: f.msg, Repair: f.repair})
	}
	return h
}

// Span is the source extent of a node of the header (see yamlSource.span).
func (h *Header) Span(n *yaml.Node) diag.Span {
	if h.ys == nil || n == nil {
		return diag.Span{}
	}
	return h.ys.span(n)
}

// Pairs calls fn for each key and value of a mapping, first occurrence of a
// plain scalar key only (duplicates and merge keys are YAML problems).
func Pairs(n *yaml.Node, fn func(k, v *yaml.Node)) { pairs(n, fn) }

// IsString reports a YAML string value, not one that a YAML resolver may
// read as a number (see isString).
func IsString(n *yaml.Node) bool { return isString(n) }

// BuiltinAgents are the agents VS Code offers without a file, as handoffs
// and prompt files name them.
func BuiltinAgents() []string { return append([]string(nil), builtinAgents...) }

// IsBuiltinAgent reports whether name is a built-in agent (see
// BuiltinAgents), matched exactly as VS Code's findModeByName matches.
func IsBuiltinAgent(name string) bool { return slices.Contains(builtinAgents, name) }

// PlainName reports whether a name is safe to repeat in a suggestion.
func PlainName(s string) bool { return plainName(s) }

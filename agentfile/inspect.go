package agentfile

import (
	"github.com/squadci/squadci/lint/diag"
)

// Report is what Inspect learned about one agent file.
type Report struct {
	Path        string
	Diagnostics []diag.Diagnostic
	// Names are what a handoff or an agents: entry can call this agent, as
	// VS Code names it: its frontmatter name when that is a string, else its
	// file name without .agent.md, .chatmode.md or .md.
	Names     []string
	Handoffs  []HandoffRef
	Subagents []HandoffRef // the agents: entries
}

// Inspect runs every check on one file (see Check) and returns the
// findings with what cross-file rules need.
func Inspect(path string, src []byte) *Report {
	c := newChecker(path, src, false)
	c.run()
	c.host()
	r := &Report{Path: path, Diagnostics: c.diagnostics(), Handoffs: c.handoffs, Subagents: c.subagents}
	r.Names = []string{c.vscodeName()}
	return r
}

// AgentNames returns the names a handoff can use for the agent file at
// path, reading only its frontmatter name.
func AgentNames(path string, src []byte) []string {
	c := newChecker(path, src, false)
	if len(src) <= MaxFileBytes {
		c.lines = splitLines(src, c.bom)
		c.splitFrontmatter()
		if c.front != nil && !c.fatal {
			c.checkFrontmatter()
		}
	}
	return []string{c.vscodeName()}
}

// vscodeName is the agent's name as VS Code matches it: the frontmatter
// name when it is a string, as written (promptsService: header.name ??
// the cleaned file name), else the file stem.
func (c *checker) vscodeName() string {
	if n, ok := c.frontString("name"); ok {
		return n
	}
	return stem(c.path)
}

// IsCharter reports whether src is a complete kmx charter by its sections
// (an Identity holding ID or Purpose, or a kmx-only section), as opposed to
// one of Squad's own charters; files with frontmatter never are.
func IsCharter(src []byte) bool {
	if len(src) > MaxFileBytes {
		return true // let the size refusal speak
	}
	c := newChecker("", src, true)
	c.lines = splitLines(src, c.bom)
	c.splitFrontmatter()
	if c.front != nil || c.fatal {
		return false
	}
	c.md = scanMarkdown(src, c.lines, c.body)
	return c.isCharter(c.sections())
}

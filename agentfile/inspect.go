package agentfile

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

// Report is what Inspect learned about one agent file.
type Report struct {
	Path        string
	Diagnostics []diag.Diagnostic
	// Names are what a handoff can call this agent: its frontmatter name and
	// its file name without .agent.md (or .chatmode.md).
	Names    []string
	Handoffs []HandoffRef
}

// Inspect runs every check on one file (see Check) and returns the
// findings with what cross-file rules need.
func Inspect(path string, src []byte) *Report {
	c := newChecker(path, src, false)
	c.run()
	c.host()
	r := &Report{Path: path, Diagnostics: c.diagnostics(), Handoffs: c.handoffs}
	r.Names = append(r.Names, stem(path))
	if n := strings.TrimSpace(c.agent.Name); n != "" && n != r.Names[0] {
		r.Names = append(r.Names, n)
	}
	return r
}

// AgentNames returns the names a handoff can use for the agent file at
// path, reading only its frontmatter name.
func AgentNames(path string, src []byte) []string {
	names := []string{stem(path)}
	c := newChecker(path, src, true)
	if len(src) > MaxFileBytes {
		return names
	}
	c.lines = splitLines(src, c.bom)
	c.splitFrontmatter()
	if c.front == nil || c.fatal {
		return names
	}
	if c.checkFrontmatter(); len(c.out) == 0 {
		if n := strings.TrimSpace(c.agent.Name); n != "" && n != names[0] {
			names = append(names, n)
		}
	}
	return names
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

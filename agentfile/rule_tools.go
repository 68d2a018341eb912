package agentfile

import (
	"regexp"
	"strings"
	"sync"

	"github.com/squadci/squadci/lint/diag"
)

var ruleTools = diag.Register(diag.Rule{
	ID: "AF016", Name: "agentfile-tools", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Tools section is not 1–32 unique tool-name bullets",
	Full: "## Tools declares the host tools an agent requires, as 1–32 unique '- tool_name' bullets and " +
		"otherwise only blank lines. Names are 1–64 ASCII letters, digits, '_' or '-', starting with a letter " +
		"or '_', so they fit the Chat/Responses function-name contract; dotted names such as server.read are " +
		"refused. The host supplies each tool's schema and description: no endpoints, schemas or credentials " +
		"here. A name declares a requirement, not authority.",
	Help:     "List each tool once as '- tool_name'; drop namespaces and dots.",
	Consumer: "kmx's agent-file loader (agentfile.Parse, squadci agentfile export) refuses the tools, so the tests cannot declare or check the tools the agent needs. Error: the contract refuses it.",
})

var toolNameSyntax = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]{0,63}$`)
})

// toolNameProblem explains why s is not a tool name ("" when it is).
func toolNameProblem(s string) string {
	switch {
	case s == "":
		return "tool name is blank"
	case strings.Contains(s, "."):
		return "dotted tool names such as server.read are not allowed"
	case len(s) > MaxToolName:
		return "tool name is longer than 64 characters"
	case !toolNameSyntax().MatchString(s):
		return "tool name must be ASCII letters, digits, '_' or '-', starting with a letter or '_'"
	}
	return ""
}

// toolsSection checks ## Tools and records the declared names.
func (c *checker) toolsSection(s section) {
	seen := map[string]int{}
	var names []string
	entries := 0
	for i := s.first; i < s.end; i++ {
		k := c.md.kinds[i].kind
		if k == lineBlank {
			continue
		}
		entries++
		b := c.lineBytes(i)
		rest, ok := strings.CutPrefix(string(b), "- ")
		name := strings.TrimRight(rest, " \t")
		at := c.lines[i].start + 2
		span := diag.Span{Start: at, End: at + len(name)}
		switch {
		case !ok || k != lineText || strings.TrimLeft(name, " \t") != name:
			c.fail(ruleTools, c.lineSpan(i), secTools, "write each tool as '- tool_name' and nothing else",
				"Tools holds only '- tool_name' bullets")
		case toolNameProblem(name) != "":
			c.fail(ruleTools, span, secTools, "use the host's exact tool name without a namespace", "%s", toolNameProblem(name))
		case seen[name] > 0:
			c.fail(ruleTools, span, secTools, "list each tool once", "duplicate tool (first at line %d)", seen[name])
		case len(names) == MaxTools:
			c.fail(ruleTools, span, secTools, "declare at most 32 tools", "more than %d tools", MaxTools)
		default:
			seen[name] = i + 1
			names = append(names, name)
		}
		if c.stopped() {
			return
		}
	}
	if entries == 0 {
		c.fail(ruleTools, c.lineSpan(s.heading), secTools, "list 1–32 tools as '- tool_name', or delete the section",
			"Tools lists no tools")
		return
	}
	c.agent.Tools, c.agent.HasTools = names, true
	c.mark(secTools, c.lines[s.heading].start)
}

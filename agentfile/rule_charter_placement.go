package agentfile

import (
	"path/filepath"
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var rulePlacement = diag.Register(diag.Rule{
	ID: "AF017", Name: "agentfile-charter-placement", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Charter Identity.ID differs from its .squad/agents/<id>/ directory",
	Full: "The same bytes work as a standalone <id>.agent.md or as .squad/agents/<id>/charter.md. At the " +
		"latter path Identity.ID must equal the directory name exactly; the placement components (.squad, " +
		"agents, charter.md) are recognised case-insensitively, with '/' or '\\' separators. This is a " +
		"spelling check, not filesystem canonicalisation; standalone file names never supply identity.",
	Help:     "Rename the directory to the charter's ID, or change Identity.ID to the directory name.",
	Consumer: "kmx's agent-file loader (agentfile.Parse, squadci agentfile export) refuses the charter: the same bytes must mean the same agent standalone and at .squad/agents/<id>/charter.md. Error: the contract refuses it.",
})

// placement checks Identity.ID against .squad/agents/<id>/charter.md.
func (c *checker) placement() {
	if c.agent.ID == "" {
		return
	}
	dir, ok := placementDir(c.path, c.resolve)
	if !ok || dir == c.agent.ID {
		return
	}
	span := diag.Span{}
	for i := c.body; i < len(c.lines); i++ {
		if label, value, vstart, ok := bulletField(c.lineBytes(i)); ok && label == "ID" && value == c.agent.ID {
			at := c.lines[i].start + vstart
			span = diag.Span{Start: at, End: at + len(value)}
			break
		}
	}
	c.fail(rulePlacement, span, "Identity.ID", "rename the directory or change Identity.ID so they match exactly",
		"ID differs from the directory name in .squad/agents/<id>/charter.md")
}

// placementDir returns <id> when name ends in .squad/agents/<id>/charter.md.
// With resolve, a relative name or one with dot segments is first resolved
// against the current directory.
func placementDir(name string, resolve bool) (string, bool) {
	p := strings.ReplaceAll(name, "\\", "/")
	if resolve && needsResolving(p) {
		abs, err := filepath.Abs(filepath.FromSlash(p))
		if err != nil {
			return "", false
		}
		p = filepath.ToSlash(abs)
	}
	parts := strings.Split(p, "/")
	n := len(parts)
	if n < 4 {
		return "", false
	}
	if !strings.EqualFold(parts[n-1], "charter.md") || !strings.EqualFold(parts[n-3], "agents") ||
		!strings.EqualFold(parts[n-4], ".squad") || parts[n-2] == "" {
		return "", false
	}
	return parts[n-2], true
}

// needsResolving reports a relative name too short to hold the placement,
// or a name with "." or ".." segments.
func needsResolving(p string) bool {
	parts := strings.Split(p, "/")
	for _, s := range parts {
		if s == "." || s == ".." {
			return true
		}
	}
	return !strings.HasPrefix(p, "/") && len(parts) < 4 && strings.EqualFold(parts[len(parts)-1], "charter.md")
}

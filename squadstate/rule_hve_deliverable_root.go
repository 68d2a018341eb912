package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleDeliverableRoot = diag.Register(diag.Rule{
	ID: "SS111", Name: "hve-deliverable-root-form", Severity: diag.SeverityWarning, Domain: "squad-state",
	Short: "a roster Deliverable Root is not a relative directory path",
	Full: "Deliverable Root is —, (squad state), or a relative directory path ending in / (it may hold the " +
		"placeholders <date> and <slug>): no absolute path, backslash or .. segment. In a sub-squad under " +
		"members/<name>/, every .copilot-tracking/ root is rebased to .copilot-tracking/squad/members/<name>/; " +
		"only docs/ and outputs/ roots stay at the repository root.",
	Help: "write the root as a relative directory ending in /, rebased for a sub-squad",

	Consumer: "HVE's federation coordinator rejects a sub-squad roster whose .copilot-tracking/ roots are not rebased " +
		"under members/<name>/ (\"a seeding defect that scatters the sub-squad's whole run outside itself\"), and SQ-12 " +
		"(SS121) compares each claimed deliverable with this root; an absolute or backslash path is machine-local",
	Since: "HVE Squad v0.11.0 (d31152f, Deliverable Root)",
})

func checkDeliverableRootForm(c *checker, h *hveRoot) {
	if !isOneOf("Deliverable Root", h.profile.roster) {
		return // the column does not exist before v0.11.0
	}
	for _, m := range h.wellFormed() {
		if msg := rootProblem(m.rootText, h); msg != "" {
			c.report(ruleDeliverableRoot.At(h.team.doc.path, m.root.Span, "Deliverable Root %s %s", quote(m.rootText), msg))
		}
	}
}

// rootProblem says what is wrong with a Deliverable Root, or "".
func rootProblem(root string, h *hveRoot) string {
	switch {
	case isNone(root) || root == "(squad state)":
		return ""
	case strings.HasPrefix(root, "/") || strings.Contains(root, "\\") || strings.Contains(root, ":"):
		return "is not a relative path with / separators"
	case !strings.HasSuffix(root, "/"):
		return "is not a directory path ending in /"
	}
	for _, seg := range strings.Split(strings.TrimSuffix(root, "/"), "/") {
		if seg == "" || seg == "." || seg == ".." {
			return "has an empty, . or .. segment"
		}
	}
	if h.sub != "" && strings.HasPrefix(root, ".copilot-tracking/") && !strings.HasPrefix(root, h.dir) {
		return "is not rebased for sub-squad " + quote(h.sub) + ": it should start with " + h.dir
	}
	return ""
}

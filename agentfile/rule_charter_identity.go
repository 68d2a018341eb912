package agentfile

import (
	"regexp"
	"strings"
	"sync"

	"github.com/squadci/squadci/lint/diag"
)

var ruleIdentity = diag.Register(diag.Rule{
	ID: "AF013", Name: "agentfile-charter-identity", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Charter Identity is not exactly an ID and a Purpose",
	Full: "A complete charter's ## Identity holds only two bullets, - **ID:** and - **Purpose:**, plus blank " +
		"lines. ID is 1–63 lowercase ASCII letters, digits or hyphens starting with a letter; Purpose is " +
		"nonblank single-line text. Missing or blank fields are reported together (Identity.ID, " +
		"Identity.Purpose); duplicate fields and any other metadata are refused.",
	Help:     "Write the section as '- **ID:** <id>' and '- **Purpose:** <one line>', nothing else.",
	Consumer: "kmx's agent-file loader (agentfile.Parse, squadci agentfile export) refuses the charter, and at .squad/agents/<id>/ the ID is how the member is placed. Error: the contract refuses it.",
})

var agentIDSyntax = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[a-z][a-z0-9-]{0,62}$`)
})

// identity checks the Identity section and records ID and Purpose.
func (c *checker) identity(s section) {
	lines := map[string]int{"ID": -1, "Purpose": -1}
	values := map[string]string{}
	for i := s.first; i < s.end; i++ {
		k := c.md.kinds[i].kind
		if k == lineBlank {
			continue
		}
		label, value, vstart, ok := bulletField(c.lineBytes(i))
		switch {
		case !ok || k != lineText:
			c.fail(ruleIdentity, c.lineSpan(i), secIdentity, "keep only the ID and Purpose bullets in Identity",
				"Identity holds only the - **ID:** and - **Purpose:** bullets")
		case label != "ID" && label != "Purpose":
			c.fail(ruleIdentity, c.lineSpan(i), secIdentity, "delete the extra field; Identity holds only ID and Purpose",
				"extra metadata in Identity")
		case lines[label] >= 0:
			c.fail(ruleIdentity, c.lineSpan(i), "Identity."+label, "delete one of the two",
				"duplicate field (first at line %d)", lines[label]+1)
		default:
			lines[label], values[label] = i, value
			at := c.lines[i].start + vstart
			span := diag.Span{Start: at, End: at + len(value)}
			if label == "ID" && value != "" && !agentIDSyntax().MatchString(value) {
				c.fail(ruleIdentity, span, "Identity.ID", "use lowercase letters, digits and hyphens, e.g. greeter",
					"ID must be 1–63 lowercase ASCII letters, digits or hyphens, starting with a letter")
			}
		}
		if c.stopped() {
			return
		}
	}
	c.identityMissing(s, lines, values)
	c.agent.ID, c.agent.Purpose = values["ID"], values["Purpose"]
}

// identityMissing reports absent or blank fields as one joined list: at
// the first blank bullet when every missing field has one, else at the
// heading.
func (c *checker) identityMissing(s section, lines map[string]int, values map[string]string) {
	var missing []string
	at := -1
	absent := false
	for _, f := range []string{"ID", "Purpose"} {
		if values[f] != "" {
			continue
		}
		missing = append(missing, "Identity."+f)
		if lines[f] < 0 {
			absent = true
		} else if at < 0 {
			at = lines[f]
		}
	}
	if len(missing) == 0 {
		return
	}
	if absent || at < 0 {
		at = s.heading
	}
	c.fail(ruleIdentity, c.lineSpan(at), strings.Join(missing, ", "), "fill in each field, e.g. - **ID:** greeter",
		"Identity is missing required values")
}

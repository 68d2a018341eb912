package agentfile

import (
	"regexp"
	"strings"
	"sync"

	"github.com/squadci/squadci/lint/diag"
)

var ruleModel = diag.Register(diag.Rule{
	ID: "AF015", Name: "agentfile-model", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Model section is not one exact Preferred model id",
	Full: "When present, ## Model holds only a nonblank - **Preferred:** bullet (and blank lines); a present " +
		"but blank Model is invalid, and an omitted Model stays absent. Preferred is one exact printable " +
		"ASCII model id of 1–256 bytes: letters, digits, '.', '_', ':', '/', '-', starting with a letter or " +
		"digit. auto, URLs, spaces and wildcards are refused. In a minimal prompt a ## Model section is a " +
		"declaration when it holds a Preferred bullet; otherwise it is prose.",
	Help:     "Write '- **Preferred:** <exact model id>', e.g. gpt-5.6-terra, or delete the section.",
	Consumer: "kmx's agent-file loader (agentfile.Parse, squadci agentfile export) refuses the model, so squadci agentfile export cannot pin the model the tests run on. Error: the contract refuses it.",
})

var modelIDSyntax = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._:/-]*$`)
})

// modelIDProblem explains why s is not one exact model id ("" when it is).
func modelIDProblem(s string) string {
	switch {
	case s == "":
		return "Preferred is blank"
	case len(s) > MaxModelID:
		return "model id is longer than 256 bytes"
	case strings.EqualFold(s, "auto"):
		return "auto is not an exact model id"
	case strings.Contains(s, "://"):
		return "a URL is not a model id; the provider route comes from outside the file"
	case strings.ContainsAny(s, "*?[]"):
		return "wildcards are not allowed in a model id"
	case strings.ContainsAny(s, " \t"):
		return "spaces are not allowed in a model id"
	case !modelIDSyntax().MatchString(s):
		return "model id must be printable ASCII letters, digits, '.', '_', ':', '/' or '-', starting with a letter or digit"
	}
	return ""
}

// isModelDeclaration reports a minimal prompt's Model section that
// declares a model (holds a Preferred bullet).
func (c *checker) isModelDeclaration(s section) bool {
	for i := s.first; i < s.end; i++ {
		if c.md.kinds[i].kind != lineText {
			continue
		}
		if label, _, _, ok := bulletField(c.lineBytes(i)); ok && label == "Preferred" {
			return true
		}
	}
	return false
}

// modelSection checks ## Model and records the authored model.
func (c *checker) modelSection(s section) {
	pref := -1
	for i := s.first; i < s.end; i++ {
		k := c.md.kinds[i].kind
		if k == lineBlank {
			continue
		}
		label, value, vstart, ok := bulletField(c.lineBytes(i))
		switch {
		case !ok || k != lineText || label != "Preferred":
			c.fail(ruleModel, c.lineSpan(i), secModel, "keep only the - **Preferred:** bullet in Model",
				"Model holds only a - **Preferred:** bullet")
		case pref >= 0:
			c.fail(ruleModel, c.lineSpan(i), "Model.Preferred", "delete one of the two",
				"duplicate field (first at line %d)", pref+1)
		default:
			pref = i
			at := c.lines[i].start + vstart
			span := diag.Span{Start: at, End: at + len(value)}
			if value == "" {
				span = c.lineSpan(i)
			}
			if p := modelIDProblem(value); p != "" {
				c.fail(ruleModel, span, "Model.Preferred", "write one exact model id, e.g. gpt-5.6-terra", "%s", p)
			} else {
				c.agent.Model, c.agent.HasModel = value, true
			}
		}
		if c.stopped() {
			return
		}
	}
	if pref < 0 {
		c.fail(ruleModel, c.lineSpan(s.heading), "Model.Preferred", "add '- **Preferred:** <model id>' or delete the section",
			"Model is present but blank")
	}
}

package connector

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleTemplatePlaceholder = diag.Register(diag.Rule{
	ID: "CN121", Name: "template-placeholder", Severity: diag.SeverityError, Domain: "manifest",
	Short: "Manifest still holds a template placeholder",
	Full: "The connector builder's template mode writes REPLACE_CONNECTOR_ID, REPLACE_CAPABILITY, " +
		"REPLACE_ROLE and REPLACE_CONTACT (and may write other REPLACE_ names) where you must supply a " +
		"value; validation fails until every one is resolved. One finding per string names each " +
		"placeholder it holds and what replaces it; the value's other format checks wait until then.",
	Help:     "Replace each placeholder with your real value: the connector id, a capability sentence, a role id, a contact address.",
	Consumer: "A template placeholder means the connector builder never finished: the coordinator would bind and dispatch to a connector that does not exist. Error.",
})

const (
	placeholderPrefix    = "REPLACE_"
	maxPlaceholdersNamed = 4 // per message; more are summarised
)

// placeholderHints say what replaces each placeholder the builder writes.
var placeholderHints = map[string]string{
	"REPLACE_CONNECTOR_ID": "your connector id",
	"REPLACE_CAPABILITY":   "a sentence saying what the connector can do",
	"REPLACE_ROLE":         `a role id such as "researcher"`,
	"REPLACE_CONTACT":      "a contact e-mail address",
}

func checkPlaceholders(c *manifestCheck) {
	c.root.Walk(func(v *source.Value) {
		if v.Kind != source.KindString || !strings.Contains(v.Str, placeholderPrefix) {
			return
		}
		names := placeholders(v.Str)
		if len(names) == 0 {
			return
		}
		c.placeholder.add(v.Span)
		more := len(names) > maxPlaceholdersNamed
		names = names[:min(len(names), maxPlaceholdersNamed)]
		parts := make([]string, len(names), len(names)+1)
		for i, n := range names {
			hint, ok := placeholderHints[n]
			if !ok {
				hint = "a real value"
			}
			parts[i] = n + " with " + hint
		}
		if more {
			parts = append(parts, "the other REPLACE_ placeholders")
		}
		noun := "placeholder "
		if len(names) > 1 {
			noun = "placeholders "
		}
		c.report(ruleTemplatePlaceholder.At(c.path, v.Span, "replace template %s%s",
			noun, strings.Join(parts, ", and ")))
	})
}

// placeholders lists the distinct REPLACE_[A-Z_]+ runs in s, in order.
func placeholders(s string) []string {
	var out []string
	for {
		i := strings.Index(s, placeholderPrefix)
		if i < 0 {
			return out
		}
		s = s[i+len(placeholderPrefix):]
		n := 0
		for n < len(s) && (s[n] >= 'A' && s[n] <= 'Z' || s[n] == '_') {
			n++
		}
		if n == 0 {
			continue
		}
		name := placeholderPrefix + s[:n]
		s = s[n:]
		if len(name) > 64 {
			name = name[:64] + "…"
		}
		dup := false
		for _, o := range out {
			dup = dup || o == name
		}
		if !dup {
			out = append(out, name)
		}
		if len(out) > maxPlaceholdersNamed {
			return out
		}
	}
}

package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleBindingBoth = diag.Register(diag.Rule{
	ID: "SS308", Name: "binding-both-overlap", Severity: diag.SeverityError, Domain: "connector-bindings",
	Short: "Default Execution both with overlapping deliverable roots",
	Full: "both runs the internal original and the connector on the same request; it is safe only when " +
		"their outputs cannot collide, so the original's Deliverable Root and the binding's must not overlap " +
		"(neither lies within the other; <date> and <slug> match any directory) (rule 8).",
	Help: "give the binding its own Deliverable Root, or choose original, connector or ask",

	Consumer: "the internal original and the connector write the same deliverable paths and overwrite each other",
	Since:    "Squad Connector Bindings (squadstate.md, rule 8)",
})

func checkBindingBoth(c *checker, h *hveRoot) {
	d := h.team.doc
	for _, b := range h.bindingsOf() {
		if b.defText != "both" || b.modeText != "replace" {
			continue
		}
		broot := resolveRoot(b.rootText, h)
		if broot == "" {
			c.report(ruleBindingBoth.At(d.path, b.root.Span, "Default Execution both needs a connector Deliverable Root that can be compared with the original's"))
			continue
		}
		for _, m := range h.team.withRole(b.roleText) {
			if r := resolveRoot(m.rootText, h); r != "" && rootsOverlap(r, broot) {
				c.report(ruleBindingBoth.At(d.path, b.root.Span, "Deliverable Root %s overlaps %s of the original %s row (%s); both would write into the same place",
					quote(b.rootText), quote(m.rootText), quote(m.roleText), d.at(m.row.Span.Start)))
			}
		}
	}
}

// resolveRoot turns a roster root into a directory path, or "" for none.
func resolveRoot(r string, h *hveRoot) string {
	switch {
	case isNone(r):
		return ""
	case r == "(squad state)":
		return h.dir
	}
	return strings.TrimSuffix(r, "/") + "/"
}

// rootsOverlap reports whether one root lies within the other, segment by
// segment, with <placeholder> segments matching anything.
func rootsOverlap(a, b string) bool {
	as := strings.Split(strings.Trim(a, "/"), "/")
	bs := strings.Split(strings.Trim(b, "/"), "/")
	for i := 0; i < min(len(as), len(bs)); i++ {
		x, y := as[i], bs[i]
		if isPlaceholder(x) || isPlaceholder(y) {
			continue
		}
		if !strings.EqualFold(x, y) {
			return false
		}
	}
	return true
}

func isPlaceholder(seg string) bool {
	return strings.HasPrefix(seg, "<") && strings.HasSuffix(seg, ">")
}

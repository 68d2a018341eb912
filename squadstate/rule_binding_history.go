package squadstate

import (
	"regexp"
	"strings"
	"sync"

	"github.com/squadci/squadci/lint/diag"
)

var ruleBindingHistory = diag.Register(diag.Rule{
	ID: "SS310", Name: "binding-history-identity", Severity: diag.SeverityError, Domain: "connector-bindings",
	Short: "a Squad Connector history entry names no bound member or the wrong connector",
	Full: "Connector members share history/Squad Connector.md and are told apart by Member Name: each entry " +
		"has a \"* Member:\" bullet naming a binding's Member Name (and an optional \"* Binding:\" naming that member's binding), and its trusted accounting marker " +
		"\"External-unmetered: connector=<id>\" names that binding's Connector (a marker naming an unknown " +
		"connector is an error, rule 10). Entries listed in a Connector Binding Retirement decision keep " +
		"their retired identity and are not checked against the current rows.",
	Help: "record the member as its binding's Member Name and render the marker from the binding's Connector",

	Consumer: "history attributes external work to no member, or to the wrong connector, so accounting is wrong",
	Since:    "Squad Connector Bindings (squadstate.md, rule 10)",
})

var unmeteredRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`External-unmetered: connector=([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)?`)
})

func checkConnectorHistory(c *checker, h *hveRoot) {
	var f *historyFile
	for _, x := range h.historyFiles() {
		if x.base == connectorPrimary {
			f = x
		}
	}
	if f == nil || h.team.bindShape != headerOK {
		return
	}
	retired := h.decisions.retirementText()
	known := map[string]*binding{}
	var members []string
	for _, b := range h.bindingsOf() {
		known[b.connText] = b
		members = append(members, b.memberText)
	}
	table := h.team.doc.at(h.team.bindTable.Span.Start)
	for _, e := range f.entries {
		if retired != "" && strings.Contains(retired, e.heading.Text) {
			continue
		}
		var bs []*binding
		m := e.get("Member")
		switch {
		case m == nil:
			c.report(ruleBindingHistory.At(f.doc.path, e.heading.Span, "entry %s has no \"* Member:\" bullet naming its connector member", quote(e.heading.Text)))
		default:
			name := strings.TrimSpace(m.value.text)
			if bs = h.bindingsByMember(name); len(bs) == 0 {
				c.report(ruleBindingHistory.At(f.doc.path, m.value.span, "member %s is not the Member Name of a binding in %s%s", quote(name), table, diag.DidYouMean(name, members)))
			}
		}
		checkBindingBullet(c, f, e, bs, h)
		checkMarker(c, h, f, e, bs, known, table)
	}
}

// checkBindingBullet checks an optional "* Binding:" bullet names one of
// the member's bindings.
func checkBindingBullet(c *checker, f *historyFile, e *historyEntry, bs []*binding, h *hveRoot) {
	bb := e.get("Binding")
	if bb == nil || len(bs) == 0 {
		return
	}
	id := unbacktick(bb.value.text)
	for _, b := range bs {
		if b.idText == id {
			return
		}
	}
	other := h.bindingByID(id)
	if other == nil {
		c.report(ruleBindingHistory.At(f.doc.path, bb.value.span, "binding %s is not a row of %s", quote(id), h.team.doc.at(h.team.bindTable.Span.Start)))
		return
	}
	c.report(ruleBindingHistory.At(f.doc.path, bb.value.span, "binding %s belongs to member %s (%s), not %s",
		quote(id), quote(other.memberText), h.rowAt(other), quote(bs[0].memberText)))
}

// checkMarker checks the entry's External-unmetered marker against the
// bindings of its member (bs; nil when the member is unknown).
func checkMarker(c *checker, h *hveRoot, f *historyFile, e *historyEntry, bs []*binding, known map[string]*binding, table string) {
	body := f.doc.src[e.heading.Span.End:e.end]
	loc := unmeteredRE().FindSubmatchIndex(body)
	if loc == nil {
		c.report(ruleBindingHistory.At(f.doc.path, e.heading.Span, "entry %s has no \"External-unmetered: connector=<id>\" marker", quote(e.heading.Text)))
		return
	}
	base := e.heading.Span.End
	span, id := diag.Span{Start: base + loc[0], End: base + loc[1]}, ""
	if loc[2] >= 0 {
		span, id = diag.Span{Start: base + loc[2], End: base + loc[3]}, string(body[loc[2]:loc[3]])
	}
	if known[id] == nil {
		c.report(ruleBindingHistory.At(f.doc.path, span, "the marker names connector %s, which no binding in %s uses", quote(id), table))
		return
	}
	for _, b := range bs {
		if b.connText == id {
			return
		}
	}
	if len(bs) > 0 {
		c.report(ruleBindingHistory.At(f.doc.path, span, "the marker names connector %s, but member %s is bound to %s (%s)",
			quote(id), quote(bs[0].memberText), quote(bs[0].connText), h.rowAt(bs[0])))
	}
}

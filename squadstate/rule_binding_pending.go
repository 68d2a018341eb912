package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleBindingPending = diag.Register(diag.Rule{
	ID: "SS311", Name: "binding-pending-identity", Severity: diag.SeverityError, Domain: "connector-bindings",
	Short: "a pending exchange pins a binding or member that no longer exists",
	Full: "An awaiting exchange's private state pins its bindingId, memberName and owning squadRoot. When " +
		"the binding row was renamed or removed, or its Member Name changed, resume fails closed instead of " +
		"reattributing the result (rule 11).",
	Help: "complete or abandon the pending task before renaming; or restore the binding id and Member Name it pins",

	Consumer: "squadci resume fails closed: the result cannot be attributed to a binding that no longer exists",
	Since:    "Squad Connector Bindings (squadstate.md, rule 11)",
})

func checkPendingExchanges(c *checker, roots []*hveRoot) {
	byDir := map[string]*hveRoot{}
	for _, h := range roots {
		byDir[h.dir] = h
	}
	for _, x := range c.repo.Exchanges {
		jd := source.ParseJSON(x.Src)
		st := jd.Root
		if st == nil || st.Kind != source.KindObject || str(st.Get("status")) != "awaiting" {
			continue
		}
		bid := st.Get("bindingId")
		if bid == nil || bid.Kind != source.KindString {
			continue // a 1.0 task pins no binding
		}
		c.docs[x.Path] = &doc{path: x.Path, src: x.Src, json: jd}
		checkPending(c, byDir, x.Path, st, bid)
	}
}

func str(v *source.Value) string {
	if v == nil || v.Kind != source.KindString {
		return ""
	}
	return v.Str
}

func checkPending(c *checker, byDir map[string]*hveRoot, path string, st, bid *source.Value) {
	dir := hveBase
	sr := st.Get("squadRoot")
	if s := str(sr); s != "" {
		dir = strings.TrimPrefix(strings.TrimSuffix(s, "/")+"/", "./")
	}
	h := byDir[dir]
	if h == nil || h.team == nil {
		span := bid.Span
		if sr != nil {
			span = sr.Span
		}
		c.report(ruleBindingPending.At(path, span, "the pending task's squad root %s has no team.md, so binding %s cannot be resolved", quote(dir), quote(bid.Str)))
		return
	}
	if h.team.bindShape != headerOK && h.team.bindHeading != nil {
		return // the malformed table is reported by SS301
	}
	b := h.bindingByID(bid.Str)
	if b == nil {
		where := h.team.doc.path
		if h.team.bindTable != nil {
			where = h.team.doc.at(h.team.bindTable.Span.Start)
		}
		c.report(ruleBindingPending.At(path, bid.Span, "the pending task pins binding %s, which is not a row of the Connector Bindings in %s", quote(bid.Str), where))
		return
	}
	if mn := st.Get("memberName"); mn != nil && mn.Kind == source.KindString && mn.Str != b.memberText {
		c.report(ruleBindingPending.At(path, mn.Span, "the pending task pins member %s, but binding %s now names %s (%s)",
			quote(mn.Str), quote(b.idText), quote(b.memberText), h.rowAt(b)))
	}
}

package connector

import (
	"strconv"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleRequestPathUnsafe = diag.Register(diag.Rule{
	ID: "CN209", Name: "request-path-unsafe", Severity: diag.SeverityError, Domain: "request",
	Short: "Request names an unsafe path",
	Full: "squadRoot, deliverableRoot, every inputs entry and every allowedOutputs deliverableRoot are " +
		"relative paths with '/' separators (directories may end in one '/'). Refused, before anything is " +
		"cleaned: absolute, UNC and drive-letter paths, '..' segments, ':' anywhere, backslashes, empty or " +
		"'.' segments, Windows device names in any segment, segments ending in a dot or a space (spec §6).",
	Help: "Dispatch the work again with a repository-relative path such as " +
		`".copilot-tracking/research/2026-03-02/"; never edit a dispatched request.`,
	Consumer: "An unsafe path would let the adapter read or write outside the repository, and squadci resume commits what lies there. Error: a security property breaks.",
})

func checkRequestPaths(c *requestCheck) {
	if v := c.str("squadRoot"); v != nil && c.safePath(v, "squadRoot") {
		c.r.SquadRoot = v.Str
	}
	if v := c.str("deliverableRoot"); v != nil && c.safePath(v, "deliverableRoot") {
		c.r.DeliverableRoot = v.Str
	}
	if arr := arrMember(c.root, "inputs"); arr != nil {
		for i, el := range arr.Elems {
			if el.Kind == source.KindString && c.safePath(el, "inputs["+strconv.Itoa(i)+"]") {
				c.r.Inputs = append(c.r.Inputs, el.Str)
			}
		}
	}
	for _, el := range c.r.outputElems() {
		if v := strMember(el, "deliverableRoot"); v != nil {
			c.safePath(v, "allowedOutputs["+strconv.Itoa(el.Index)+"].deliverableRoot")
		}
	}
}

// safePath reports v when it is not a safe relative path.
func (c *requestCheck) safePath(v *source.Value, name string) bool {
	reason, ok := CheckSafePath(v.Str, true)
	if !ok {
		c.report(ruleRequestPathUnsafe.At(c.path, v.Span, "%s %s is unsafe: %s", name, c.q(v), reason))
	}
	return ok
}

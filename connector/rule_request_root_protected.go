package connector

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleRequestRootProtected = diag.Register(diag.Rule{
	ID: "CN218", Name: "request-root-protected", Severity: diag.SeverityError, Domain: "exchange",
	Short: "A deliverable root reaches what runs or configures the repository",
	Full: "What an adapter writes under its deliverable root is uploaded by the poll job and committed by the " +
		"resume job, which holds a write token. So no deliverable root (the request's or an output slot's) may " +
		"be the repository root, have a .git segment (nor GIT~1), lie under .github/ or connectors/, contain " +
		"the squadci config file, or equal, lie inside or contain the config file's folder or the folder of " +
		"a configured adapter command (adapters.<id>.command). Folders are compared by whole segments, " +
		"ignoring ASCII case. Dispatch refuses such a root, poll never runs an adapter for it and resume " +
		"fails the task.",
	Help: "Dispatch the work again with --deliverable-root set to a reports folder of its own, for example " +
		"reports/<member>/, outside .github/, connectors/, .git and the adapters' folders; never edit a dispatched request.",
})

// checkRootsProtected refuses deliverable roots that reach what runs
// (ProtectedRoot). Unsafe roots are another rule's.
func checkRootsProtected(c *exchangeCheck) {
	if c.Request == nil {
		return
	}
	req := &c.Request.env
	check := func(v *source.Value, name string) {
		if v == nil || v.Str == "" {
			return
		}
		if _, safe := CheckSafePath(v.Str, true); !safe {
			return
		}
		if reason, refused := ProtectedRoot(v.Str, c.env.Protected); refused {
			c.report(ruleRequestRootProtected.At(req.path, v.Span, "%s %s is protected: %s", name, req.q(v), reason))
		}
	}
	check(req.str("deliverableRoot"), "deliverableRoot")
	for _, el := range c.Request.outputElems() {
		check(strMember(el, "deliverableRoot"), "allowedOutputs["+itoa(el.Index)+"].deliverableRoot")
	}
}

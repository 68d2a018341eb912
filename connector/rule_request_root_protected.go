package connector

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleRequestRootProtected = diag.Register(diag.Rule{
	ID: "CN218", Name: "request-root-protected", Severity: diag.SeverityError, Domain: "request",
	Short: "A deliverable root reaches what runs or configures the repository",
	Full: "What an adapter writes under its deliverable root is uploaded by the poll job and committed by the " +
		"resume job, which holds a write token. So no deliverable root (the request's or an output slot's) may " +
		"have a .git segment (nor its short name GIT~1), lie under .github/ or connectors/, contain the squadci " +
		"config file, or equal, lie inside or contain the config file's folder or the folder of a configured " +
		"adapter command (adapters.<id>.command). Folders are compared by whole segments, ignoring ASCII case " +
		"and the code points macOS ignores in names. The folders every repository has are checked in the " +
		"request alone (and by the published schema); the configured ones with the configuration. Dispatch " +
		"refuses such a root, poll never runs an adapter for it and resume fails the task. A manifest's dropPath " +
		"(the mailbox, whose files are committed the same way) may not reach the folders every repository has either.",
	Help: "Dispatch the work again with --deliverable-root set to a reports folder of its own, for example " +
		"reports/<member>/, outside .github/, connectors/, .git and the adapters' folders; never edit a dispatched request.",
	Consumer: "squadci poll uploads and squadci resume commits (with a write token) what the adapter writes under the deliverable root, so a root reaching workflows, hooks or configuration lets an adapter change what runs. Error: a security property breaks.",
})

// requestRoots calls fn with each deliverable root the request names and
// the name to report it by.
func requestRoots(r *Request, fn func(v *source.Value, name string)) {
	if v := r.env.str("deliverableRoot"); v != nil {
		fn(v, "deliverableRoot")
	}
	for _, el := range r.outputElems() {
		if v := strMember(el, "deliverableRoot"); v != nil {
			fn(v, "allowedOutputs["+itoa(el.Index)+"].deliverableRoot")
		}
	}
}

// checkRequestRootsProtected refuses, in the request alone, roots that
// reach a folder every repository protects. Unsafe roots are another
// rule's.
func checkRequestRootsProtected(c *requestCheck) {
	requestRoots(c.r, func(v *source.Value, name string) {
		if _, safe := CheckSafePath(v.Str, true); !safe {
			return
		}
		if reason := fixedProtected(v.Str, false); reason != "" {
			c.report(ruleRequestRootProtected.At(c.path, v.Span, "%s %s is protected: %s", name, c.q(v), reason))
		}
	})
}

// checkRootsProtected refuses, with the exchange's environment, the roots
// ProtectedRoot refuses that the request alone did not.
func checkRootsProtected(c *exchangeCheck) {
	if c.Request == nil {
		return
	}
	req := &c.Request.env
	requestRoots(c.Request, func(v *source.Value, name string) {
		if _, safe := CheckSafePath(v.Str, true); !safe || fixedProtected(v.Str, false) != "" {
			return
		}
		if reason, refused := ProtectedRoot(v.Str, c.env.Protected); refused {
			c.report(ruleRequestRootProtected.At(req.path, v.Span, "%s %s is protected: %s", name, req.q(v), reason))
		}
	})
}

// checkDropPathProtected refuses a mailbox that reaches a folder every
// repository protects: results and claims land there and are committed.
func checkDropPathProtected(c *manifestCheck) {
	v, ok := c.text(fDropPath)
	if !ok {
		return
	}
	if _, safe := CheckSafePath(v.Str, true); !safe {
		return
	}
	if reason := fixedProtected(v.Str, true); reason != "" {
		c.report(ruleRequestRootProtected.At(c.path, v.Span, "dropPath %s is protected: %s", c.q(v), reason))
	}
}

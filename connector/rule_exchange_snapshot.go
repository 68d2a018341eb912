package connector

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleExchangeSnapshot = diag.Register(diag.Rule{
	ID: "CN508", Name: "exchange-snapshot-mismatch", Severity: diag.SeverityError, Domain: "exchange",
	Short: "Snapshot is missing, or does not match its request",
	Full: "The shim writes <taskId>.snapshot.json before the request: the files that already existed under " +
		"every root the request names (deliverableRoot and each output slot's), so pre-existing files can " +
		"never be claimed as artifacts. A request without its snapshot, a snapshot whose roots are not " +
		"exactly the request's (compared ignoring ASCII case and a trailing '/'), a snapshot taken after the request was created, or a snapshot left without " +
		"request or state fails the exchange: a missing or mismatched snapshot is never regenerated.",
	Help:     "Dispatch the task again; never write or repair a snapshot by hand.",
	Consumer: "squadci resume cannot refuse overwrites without the task's snapshot and fails the task. Error.",
})

func checkSnapshotMatches(c *exchangeCheck) {
	x := c.x
	switch {
	case x.Request != nil && x.Snapshot == nil:
		if !c.stateTerminal() { // a finished task's files may have been cleaned up
			req := c.reqEnv
			c.report(ruleExchangeSnapshot.At(x.Request.Path, taskSpan(req),
				"the request has no snapshot beside it (%s.snapshot.json); a missing snapshot fails the exchange", quoteOrRedactName(x.TaskID)))
		}
	case x.Snapshot != nil && x.Request == nil && x.State == nil:
		c.report(ruleExchangeSnapshot.At(x.Snapshot.Path, taskSpan(c.snapEnv),
			"the snapshot has neither a request nor a task state beside it; remove the leftover of an interrupted dispatch"))
	case c.Snapshot != nil && c.Request != nil:
		compareSnapshotRoots(c)
	}
}

// compareSnapshotRoots requires the snapshot's roots to be exactly the
// request's, and the snapshot to predate the request.
func compareSnapshotRoots(c *exchangeCheck) {
	snap, req := c.snapEnv, c.reqEnv
	key := func(s string) string { return strings.ToLower(strings.TrimSuffix(s, "/")) }
	have := map[string]bool{}
	for _, r := range c.Snapshot.Roots {
		have[key(r.Root)] = true
	}
	want := map[string]bool{}
	for _, r := range c.Request.Roots() {
		want[key(r)] = true
		if !have[key(r)] {
			c.report(ruleExchangeSnapshot.At(snap.path, rootsSpan(snap), "the snapshot does not list the request's root %s",
				req.quote(r, requestRootSpan(c.Request, r))))
		}
	}
	if arr := arrMember(snap.root, "roots"); arr != nil && len(want) > 0 {
		for _, el := range arr.Elems {
			if v := strMember(el, "root"); v != nil && !want[key(v.Str)] {
				c.report(ruleExchangeSnapshot.At(snap.path, v.Span, "snapshot root %s is not one of the roots the request names", snap.q(v)))
			}
		}
	}
	if !c.Snapshot.CreatedAt.IsZero() && !c.Request.CreatedAt.IsZero() && c.Snapshot.CreatedAt.After(c.Request.CreatedAt) {
		c.report(ruleExchangeSnapshot.At(snap.path, snap.str("createdAt").Span,
			"the snapshot was taken after the request was created (%s); the shim snapshots first", req.q(req.str("createdAt"))))
	}
}

func rootsSpan(e *envelope) diag.Span {
	if v := e.root.Get("roots"); v != nil {
		return v.Span
	}
	return brace(e.root)
}

// requestRootSpan finds the request value that holds root, for redaction.
func requestRootSpan(r *Request, root string) diag.Span {
	var found diag.Span
	r.env.root.Walk(func(v *source.Value) {
		if v.Kind == source.KindString && v.Key == "deliverableRoot" && v.Str == root {
			found = v.Span
		}
	})
	return found
}

package connector

import "github.com/squadci/squadci/lint/diag"

var ruleExchangeTampered = diag.Register(diag.Rule{
	ID: "CN507", Name: "exchange-tampered", Severity: diag.SeverityError, Domain: "exchange",
	Short: "Request or snapshot changed since dispatch, or the state no longer pins them",
	Full: "The state records the SHA-256 of the exact request and snapshot bytes the shim wrote, and pins " +
		"the task's identity (connectorId, role, bindingId, memberName, squadRoot, deadline, retryCap). " +
		"A pending task whose request or snapshot no longer hashes to the recorded value, whose request " +
		"vanished, or whose state disagrees with its request was tampered with: a resume fails it " +
		"(reason tampered) and never regenerates anything.",
	Help: "While the task is still awaiting, restore the original request and snapshot (`git restore`; the " +
		"state's hashes tell the original bytes); once a resume has failed it, dispatch the work again under " +
		"a new taskId. Never edit shim-owned files.",
	Consumer: "squadci resume refuses a task whose request or snapshot changed after dispatch (tampered), so the adapter's result is not accepted. Error: a security property breaks.",
})

func checkTampered(c *exchangeCheck) {
	st, x := c.State, c.x
	if st == nil {
		return
	}
	stEnv := c.stEnv
	if x.Request == nil {
		if st.Status == StatusAwaiting {
			c.report(ruleExchangeTampered.At(st.Path, spanOf(stEnv, "requestSha256"),
				"the task is awaiting but its request %s.request.json is gone", quoteOrRedactName(x.TaskID)))
		}
	} else if x.Request.Src != nil && st.RequestSha256 != "" && !isTerminal(st.Status) && sha256Hex(x.Request.Src) != st.RequestSha256 {
		d := ruleExchangeTampered.At(st.Path, spanOf(stEnv, "requestSha256"),
			"the request's bytes no longer hash to requestSha256; it was changed after dispatch")
		d.Related = wholeFile(x.Request) // the edit is in the request
		c.report(d)
	}
	if x.Snapshot != nil && x.Snapshot.Src != nil && st.SnapshotSha256 != "" && sha256Hex(x.Snapshot.Src) != st.SnapshotSha256 {
		d := ruleExchangeTampered.At(st.Path, spanOf(stEnv, "snapshotSha256"),
			"the snapshot's bytes no longer hash to snapshotSha256; it was changed after dispatch")
		d.Related = wholeFile(x.Snapshot)
		c.report(d)
	}
	checkStatePins(c)
}

// checkStatePins compares the identity the state pins with the request it
// hashed (only when the request is the dispatched one).
func checkStatePins(c *exchangeCheck) {
	st, r := c.State, c.Request
	if r == nil || c.x.Request.Src == nil || sha256Hex(c.x.Request.Src) != st.RequestSha256 {
		return
	}
	stEnv, req := c.stEnv, c.reqEnv
	for _, name := range [...]string{"connectorId", "role", "bindingId", "memberName", "squadRoot", "deadline"} {
		pinned, asked := stEnv.str(name), req.str(name)
		switch {
		case asked == nil: // missing or mistyped in the request: its own rules say so
		case stEnv.root.Get(name) == nil && r.SchemaVersion == "1.1":
			c.report(ruleExchangeTampered.At(st.Path, brace(stEnv.root), "the state does not pin the request's %s", name))
		case pinned != nil && pinned.Str != asked.Str:
			d := ruleExchangeTampered.At(st.Path, pinned.Span, "the state pins %s %s but the request says %s",
				name, stEnv.q(pinned), req.q(asked))
			d.Related = &diag.Position{Path: c.x.Request.Path, Span: asked.Span}
			c.report(d)
		}
	}
	if st.RetryCap >= 0 && r.RetryCap >= 0 && st.RetryCap != r.RetryCap {
		c.report(ruleExchangeTampered.At(st.Path, stEnv.root.Get("retryCap").Span,
			"the state pins retryCap %d but the request says %d", st.RetryCap, r.RetryCap))
	}
}

// wholeFile is the related position of a finding about a file's bytes as a
// whole: any change in it is a change to what the finding is about.
func wholeFile(f *File) *diag.Position {
	return &diag.Position{Path: f.Path, Span: diag.Span{Start: 0, End: len(f.Src)}}
}

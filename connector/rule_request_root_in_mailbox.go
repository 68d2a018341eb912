package connector

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleRequestRootInMailbox = diag.Register(diag.Rule{
	ID: "CN212", Name: "request-root-in-mailbox", Severity: diag.SeverityError, Domain: "exchange",
	Short: "A deliverable root overlaps a mailbox",
	Full: "Mailboxes hold requests and results, never reports. A request's deliverableRoot and every " +
		"output slot's root must not equal, lie inside or contain any manifest's dropPath or " +
		".connector-drops/ (compared by whole segments, ignoring ASCII case): otherwise an artifact could " +
		"be, or overwrite, another task's request or result.",
	Help: "Dispatch the work again with --deliverable-root set to the member's Deliverable Root from " +
		"team.md, outside .connector-drops/; never edit a dispatched request.",
	Consumer: "Reports inside a mailbox mix deliverables with requests and results, so squadci poll and the adapter see files they must not. Error.",
})

func checkRootsOutsideMailboxes(c *exchangeCheck) {
	if c.Request == nil {
		return
	}
	req := &c.Request.env
	check := func(v *source.Value, name string) {
		if v == nil {
			return
		}
		if _, safe := CheckSafePath(v.Str, true); !safe {
			return
		}
		if box, ok := c.env.Mailboxes.overlapping(v.Str); ok {
			c.report(ruleRequestRootInMailbox.At(req.path, v.Span, "%s %s overlaps the mailbox %s; deliverables never go in a mailbox",
				name, req.q(v), quoteOrRedactName(box)))
		}
	}
	check(req.str("deliverableRoot"), "deliverableRoot")
	for _, el := range c.Request.outputElems() {
		check(strMember(el, "deliverableRoot"), "allowedOutputs["+itoa(el.Index)+"].deliverableRoot")
	}
}

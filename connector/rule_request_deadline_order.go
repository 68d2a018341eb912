package connector

import "github.com/squadci/squadci/lint/diag"

var ruleRequestDeadlineOrder = diag.Register(diag.Rule{
	ID: "CN216", Name: "request-deadline-order", Severity: diag.SeverityError, Domain: "request",
	Short: "Request deadline is not later than createdAt",
	Full: "A request is created before its deadline: createdAt must be strictly earlier than deadline, " +
		"compared as instants (zones are taken into account). A request born past its deadline could only " +
		"ever be unreachable.",
	Help:     "Dispatch again; the shim sets deadline to createdAt plus the connector's deadline minutes.",
	Consumer: "A request whose deadline is not after createdAt is unreachable before it starts; squadci resume marks it so at once. Error.",
})

func checkRequestDeadlineOrder(c *requestCheck) {
	r := c.r
	if r.Deadline.IsZero() || r.CreatedAt.IsZero() || r.CreatedAt.Before(r.Deadline) {
		return
	}
	v := c.str("deadline")
	c.report(ruleRequestDeadlineOrder.At(c.path, v.Span, "deadline %s is not later than createdAt %s",
		c.q(v), c.q(c.str("createdAt"))))
}

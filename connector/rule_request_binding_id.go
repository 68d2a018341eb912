package connector

import "github.com/squadci/squadci/lint/diag"

var ruleRequestBindingID = diag.Register(diag.Rule{
	ID: "CN207", Name: "request-binding-id", Severity: diag.SeverityError, Domain: "request",
	Short: "Request bindingId is not a role-id shaped id",
	Full: "bindingId names the roster's Connector Bindings row the request was dispatched through, in " +
		"role-id syntax (" + KebabPattern + "). The result must repeat it exactly.",
	Help: "Dispatch the work again with --binding set to the binding id from team.md's Connector Bindings " +
		`table, for example "research-agent"; never edit a dispatched request.`,
	Consumer: "squadci resume matches the result's bindingId to the request's; a malformed one makes the result impossible to bind. Error.",
})

func checkRequestBindingID(c *requestCheck) {
	v := c.str("bindingId")
	if v == nil {
		return
	}
	if !IsKebabID(v.Str) {
		c.report(ruleRequestBindingID.At(c.path, v.Span,
			"bindingId %s must match %s (lowercase letters and digits in hyphen-separated words)", c.q(v), KebabPattern))
		return
	}
	c.r.BindingID = v.Str
}

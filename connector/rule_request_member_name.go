package connector

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleRequestMemberName = diag.Register(diag.Rule{
	ID: "CN208", Name: "request-member-name", Severity: diag.SeverityError, Domain: "request",
	Short: "Request memberName is blank or spans lines",
	Full: "memberName pins the external roster member the task was dispatched to, so a renamed member " +
		"fails closed instead of receiving someone else's result. It is one nonblank line.",
	Help: "Dispatch the work again with --member set to the member's name exactly as team.md lists it, " +
		`for example "Dotnet Assessor"; never edit a dispatched request.`,
	Consumer: "A blank or multi-line memberName cannot pin the member, so a renamed member could receive another's result. Error.",
})

func checkRequestMemberName(c *requestCheck) {
	v := c.str("memberName")
	if v == nil {
		return
	}
	switch {
	case isBlank(v.Str):
		c.report(ruleRequestMemberName.At(c.path, v.Span, "memberName is blank"))
	case strings.ContainsAny(v.Str, "\n\r"):
		c.report(ruleRequestMemberName.At(c.path, v.Span, "memberName spans several lines; it must be one line"))
	default:
		c.r.MemberName = v.Str
	}
}

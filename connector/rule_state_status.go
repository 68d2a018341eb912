package connector

import "github.com/squadci/squadci/lint/diag"

var ruleStateStatus = diag.Register(diag.Rule{
	ID: "CN415", Name: "state-status", Severity: diag.SeverityError, Domain: "state",
	Short:    "Task state status is not one of the four statuses",
	Full:     `A task is "awaiting", "completed", "failed" or "unreachable"; nothing else.`,
	Help:     stateHelp,
	Consumer: "squadci resume cannot tell where the task is in its life cycle and stops it. Error.",
})

func checkStateStatus(c *stateCheck) {
	v := c.str("status")
	if v == nil {
		return
	}
	switch v.Str {
	case StatusAwaiting, StatusCompleted, StatusFailed, StatusUnreachable:
		c.s.Status = v.Str
	default:
		c.report(ruleStateStatus.At(c.path, v.Span, `status %s is not valid; use "awaiting", "completed", "failed" or "unreachable"`, c.q(v)))
	}
}

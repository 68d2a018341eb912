package connector

import "github.com/squadci/squadci/lint/diag"

var ruleResultStatus = diag.Register(diag.Rule{
	ID: "CN305", Name: "result-status", Severity: diag.SeverityError, Domain: "result",
	Short: `Result status is not "completed" or "failed"`,
	Full: `A producer reports "completed" or "failed", nothing else. "awaiting" and "unreachable" are ` +
		"statuses the shim derives itself (no result yet; deadline or retry cap exhausted), so an envelope " +
		"claiming one is an error; any other value is invalid.",
	Help:     `Write "completed" when the work is done, "failed" when it is not (and say why in the narrative).`,
	Consumer: "squadci resume accepts only completed or failed from a producer; awaiting and unreachable are its own, so the envelope is rejected. Error.",
})

func checkResultStatus(c *resultCheck) {
	v := c.str("status")
	switch {
	case v == nil:
	case v.Str == StatusCompleted || v.Str == StatusFailed:
		c.r.Status = v.Str
	case v.Str == StatusAwaiting || v.Str == StatusUnreachable:
		c.report(ruleResultStatus.At(c.path, v.Span,
			`status %q is derived by the shim, never written by a producer; use "completed" or "failed"`, v.Str))
	default:
		c.report(ruleResultStatus.At(c.path, v.Span, `status %s is not valid; use "completed" or "failed"`, c.q(v)))
	}
}

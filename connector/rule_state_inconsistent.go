package connector

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleStateInconsistent = diag.Register(diag.Rule{
	ID: "CN419", Name: "state-inconsistent", Severity: diag.SeverityError, Domain: "state",
	Short: "Task state fields contradict its status",
	Full: "The status decides the other fields: awaiting has consumed false, no resultSha256 and no " +
		"reason; completed has consumed true, a resultSha256 and no reason; failed has a reason of " +
		"tampered, invalid-result or producer-failed, and after a validated result (invalid-result, " +
		"producer-failed) consumed true and a resultSha256; unreachable has reason deadline or retry-cap " +
		"and no resultSha256.",
	Help:     stateHelp,
	Consumer: "A state whose fields contradict its status makes squadci resume act on the wrong one (re-deliver or drop a result). Error.",
})

func checkStateConsistency(c *stateCheck) {
	s := c.s
	status := c.str("status")
	if s.Status == "" || status == nil {
		return
	}
	consumed := c.root.Get("consumed")
	result, reason := c.str("resultSha256"), c.str("reason")
	code, _, _ := ParseReason(s.Reason)
	bad := func(v *source.Value, format string, args ...any) {
		if v == nil {
			v = status
		}
		c.report(ruleStateInconsistent.At(c.path, v.Span, format, args...))
	}
	wantConsumed := func(want bool) {
		if consumed != nil && consumed.Kind == source.KindBool && consumed.Bool != want {
			bad(consumed, "consumed must be %v for a task that is %s", want, s.Status)
		}
	}
	switch s.Status {
	case StatusAwaiting:
		wantConsumed(false)
		if result != nil {
			bad(result, "an awaiting task has no resultSha256 (nothing was consumed)")
		}
		if reason != nil {
			bad(reason, "an awaiting task has no reason")
		}
	case StatusCompleted:
		wantConsumed(true)
		if c.root.Get("resultSha256") == nil {
			bad(nil, "a completed task records the consumed result's resultSha256")
		}
		if reason != nil {
			bad(reason, "a completed task has no reason")
		}
	case StatusFailed:
		switch code {
		case "":
			if c.root.Get("reason") == nil {
				bad(nil, "a failed task records a reason")
			}
		case ReasonInvalidResult, ReasonProducerFailed:
			wantConsumed(true)
			if c.root.Get("resultSha256") == nil {
				bad(nil, "a task failed by its result (%s) records the result's resultSha256", code)
			}
		case ReasonDeadline, ReasonRetryCap:
			bad(reason, "reason %q belongs to an unreachable task, not a failed one", code)
		}
	case StatusUnreachable:
		switch code {
		case "":
			if c.root.Get("reason") == nil {
				bad(nil, "an unreachable task records reason deadline or retry-cap")
			}
		case ReasonDeadline, ReasonRetryCap:
		default:
			bad(reason, "reason %q belongs to a failed task; an unreachable one has deadline or retry-cap", code)
		}
		if result != nil {
			bad(result, "an unreachable task consumed no result, so it has no resultSha256")
		}
	}
}

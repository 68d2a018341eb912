package connector

import "github.com/squadci/squadci/lint/diag"

var ruleStateCounters = diag.Register(diag.Rule{
	ID: "CN420", Name: "state-counters", Severity: diag.SeverityError, Domain: "state",
	Short: "Task state retryCap or attempts is out of range",
	Full: "retryCap is 0–10, as in the request. attempts counts resume checks that found no result: a " +
		"check with attempts > retryCap makes the task unreachable instead of counting on, so attempts " +
		"never exceeds retryCap + 1.",
	Help:     stateHelp,
	Consumer: "squadci resume decides unreachability from retryCap and attempts; out of range the task is stopped. Error.",
})

func checkStateCounters(c *stateCheck) {
	c.s.RetryCap = c.intInRange(ruleStateCounters, "retryCap", 0, maxRetryCap, "")
	limit := int64(maxRetryCap + 1)
	if c.s.RetryCap >= 0 {
		limit = int64(c.s.RetryCap + 1)
	}
	c.s.Attempts = c.intInRange(ruleStateCounters, "attempts", 0, limit, " (retryCap + 1)")
}

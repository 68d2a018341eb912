package connector

import "github.com/squadci/squadci/lint/diag"

const maxDeadlineMinutes = 10080 // one week

var ruleDeadlineMinutesDefault = diag.Register(diag.Rule{
	ID: "CN117", Name: "deadline-minutes-default", Severity: diag.SeverityError, Domain: "manifest",
	Short: "deadlineMinutesDefault is outside 1–10080",
	Full: "deadlineMinutesDefault is how long, in minutes, a request waits for a result before the shim " +
		"reports it unreachable: at least 1 and at most 10080 (one week).",
	Help:     "Choose a deadline between 1 and 10080 minutes, for example 60.",
	Consumer: "The coordinator copies deadlineMinutesDefault into every request, and squadci resume uses it to decide when a task is unreachable; out of range it is rejected. Error.",
})

func checkDeadline(c *manifestCheck) {
	checkIntRange(c, ruleDeadlineMinutesDefault, fDeadline, 1, maxDeadlineMinutes)
}

package connector

import "github.com/squadci/squadci/lint/diag"

var ruleStateTimestamp = diag.Register(diag.Rule{
	ID: "CN417", Name: "state-timestamp", Severity: diag.SeverityError, Domain: "state",
	Short: "Task state timestamp is not RFC 3339, or updatedAt precedes createdAt",
	Full: "deadline, createdAt and updatedAt are RFC 3339 date-times with a zone, and the state cannot " +
		"have been updated before it was created.",
	Help:     stateHelp,
	Consumer: "squadci resume decides deadlines from these times; malformed or reversed ones stop the task. Error.",
})

func checkStateTimestamps(c *stateCheck) {
	s := c.s
	s.Deadline, _ = c.timestamp(ruleStateTimestamp, "deadline")
	s.CreatedAt, _ = c.timestamp(ruleStateTimestamp, "createdAt")
	s.UpdatedAt, _ = c.timestamp(ruleStateTimestamp, "updatedAt")
	if !s.CreatedAt.IsZero() && !s.UpdatedAt.IsZero() && s.UpdatedAt.Before(s.CreatedAt) {
		c.report(ruleStateTimestamp.At(c.path, c.str("updatedAt").Span, "updatedAt %s is earlier than createdAt %s",
			c.q(c.str("updatedAt")), c.q(c.str("createdAt"))))
	}
}

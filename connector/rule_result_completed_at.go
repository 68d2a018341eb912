package connector

import "github.com/squadci/squadci/lint/diag"

var ruleResultCompletedAt = diag.Register(diag.Rule{
	ID: "CN307", Name: "result-timestamp", Severity: diag.SeverityError, Domain: "result",
	Short: "Result completedAt is not an RFC 3339 timestamp",
	Full: "completedAt records when the endpoint finished, as an RFC 3339 date-time with a zone, such as " +
		"2026-03-02T09:41:00Z.",
	Help:     `Write the time in UTC with a Z, for example "2026-03-02T09:41:00Z".`,
	Consumer: "squadci resume rejects the envelope: when the task finished is unknown. Error.",
})

func checkResultCompletedAt(c *resultCheck) {
	c.r.CompletedAt, _ = c.timestamp(ruleResultCompletedAt, "completedAt")
}

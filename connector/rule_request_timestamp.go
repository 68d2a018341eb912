package connector

import "github.com/squadci/squadci/lint/diag"

var ruleRequestTimestamp = diag.Register(diag.Rule{
	ID: "CN215", Name: "request-timestamp", Severity: diag.SeverityError, Domain: "request",
	Short: "Request deadline or createdAt is not an RFC 3339 timestamp",
	Full: "deadline and createdAt are RFC 3339 date-times with a zone, such as 2026-03-02T09:00:00Z or " +
		"2026-03-02T10:00:00+01:00. A date alone, a time without a zone or any other format is refused: " +
		"the deadline decides when a task becomes unreachable and must not depend on the reader's zone.",
	Help: "Dispatch the work again with `squadci connector dispatch`, which writes UTC times with a Z " +
		`("2026-03-02T09:00:00Z"); editing a dispatched request fails it as tampered.`,
	Consumer: "The adapter and squadci resume cannot tell when the request was made or when it expires. Error.",
})

func checkRequestTimestamps(c *requestCheck) {
	c.r.Deadline, _ = c.timestamp(ruleRequestTimestamp, "deadline")
	c.r.CreatedAt, _ = c.timestamp(ruleRequestTimestamp, "createdAt")
}

package connector

import "github.com/squadci/squadci/lint/diag"

var ruleRequestRetryCap = diag.Register(diag.Rule{
	ID: "CN217", Name: "request-retry-cap", Severity: diag.SeverityError, Domain: "request",
	Short: "Request retryCap is outside 0–10",
	Full: "retryCap bounds how many resume checks may find no result before the task becomes " +
		"unreachable: 0 to 10, like the manifest's retryCapDefault. It bounds transport retries, not an " +
		"open-ended work loop.",
	Help:     "Dispatch with --retry-cap between 0 and 10.",
	Consumer: "squadci resume bounds its checks by retryCap; out of range the request is rejected. Error.",
})

func checkRequestRetryCap(c *requestCheck) {
	c.r.RetryCap = c.intInRange(ruleRequestRetryCap, "retryCap", 0, maxRetryCap, "")
}

package connector

import "github.com/squadci/squadci/lint/diag"

const maxRetryCap = 10

var ruleRetryCapDefault = diag.Register(diag.Rule{
	ID: "CN118", Name: "retry-cap-default", Severity: diag.SeverityError, Domain: "manifest",
	Short: "retryCapDefault is outside 0–10",
	Full: "retryCapDefault bounds how many resume checks may find no result before the request becomes " +
		"unreachable: 0 to 10. It bounds transport retries, not an open-ended work loop.",
	Help:     "Choose a retry cap between 0 and 10, for example 2.",
	Consumer: "The coordinator copies retryCapDefault into every request, and squadci resume uses it to decide when a task is unreachable; out of range it is rejected. Error.",
})

func checkRetryCap(c *manifestCheck) {
	checkIntRange(c, ruleRetryCapDefault, fRetryCap, 0, maxRetryCap)
}

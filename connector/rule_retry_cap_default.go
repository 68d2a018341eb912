package connector

import "github.com/squadci/squadci/lint/diag"

const maxRetryCap = 10

var ruleRetryCapDefault = diag.Register(diag.Rule{
	ID: "CN118", Name: "retry-cap-default", Severity: diag.SeverityError, Domain: "manifest",
	Short: "retryCapDefault is outside 0–10",
	Full: "retryCapDefault bounds how many resume checks may find no result before the request becomes " +
		"unreachable: 0 to 10. It bounds transport retries, not an open-ended work loop.",
	Help: "Choose a retry cap between 0 and 10, for example 2.",
})

func checkRetryCap(c *manifestCheck) {
	checkIntRange(c, ruleRetryCapDefault, fRetryCap, 0, maxRetryCap)
}

package connector

import "github.com/squadci/squadci/lint/diag"

var ruleExchangeResultWithoutRequest = diag.Register(diag.Rule{
	ID: "CN506", Name: "exchange-result-without-request", Severity: diag.SeverityError, Domain: "exchange",
	Short: "Result has no request",
	Full: "An adapter writes a result only in answer to a request in the same mailbox with the same " +
		"taskId. A result with no request beside it is unsolicited and is rejected — unless the task " +
		"state records this very result as consumed (the request was cleaned up after the resume).",
	Help:     "Delete the unsolicited result; never write results for task ids the shim did not issue.",
	Consumer: "squadci resume rejects an unsolicited result: nothing asked for it. Error.",
})

func checkResultWithoutRequest(c *exchangeCheck) {
	x := c.x
	// Beside a finished task the result is either the consumed one or a
	// late one, which exchange-late-result reports.
	if x.Result == nil || x.Request != nil || c.stateTerminal() {
		return
	}
	c.report(ruleExchangeResultWithoutRequest.At(x.Result.Path, taskSpan(c.resEnv),
		"there is no request %s.request.json for this result; unsolicited results are rejected", quoteOrRedactName(x.TaskID)))
}

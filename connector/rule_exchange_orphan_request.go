package connector

import "github.com/squadci/squadci/lint/diag"

var ruleExchangeOrphanRequest = diag.Register(diag.Rule{
	ID: "CN505", Name: "exchange-orphan-request", Severity: diag.SeverityError, Domain: "exchange",
	Short: "Request has no task state",
	Full: "The shim writes .squad-connector/<taskId>.state.json right after the request; it pins the " +
		"request and snapshot hashes, the attempts and whether the task was consumed. A request without " +
		"its state was not dispatched by the shim, or its state was removed: a resume fails it closed " +
		"(orphan request) rather than trusting it.",
	Help: "Delete the orphan request and dispatch the work with `squadci connector dispatch` (or the Squad " +
		"Connector), which writes the state; never write a state for it. If .squad-connector/ is " +
		"git-ignored, stop ignoring it and commit it.",
	Consumer: "squadci resume cannot check a request without its state (hashes, attempts), so the task never completes. Error.",
})

func checkOrphanRequest(c *exchangeCheck) {
	x := c.x
	if x.Request == nil || x.State != nil {
		return
	}
	c.report(ruleExchangeOrphanRequest.At(x.Request.Path, taskSpan(c.reqEnv),
		"the request has no task state (%s%s.state.json); a resume fails an orphan request closed",
		stateDir, quoteOrRedactName(x.TaskID)))
}

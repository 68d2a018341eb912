package connector

import "github.com/squadci/squadci/lint/diag"

var ruleExchangeLateResult = diag.Register(diag.Rule{
	ID: "CN509", Name: "exchange-late-result", Severity: diag.SeverityError, Domain: "exchange",
	Short: "A result sits beside a task that is already finished",
	Full: "Once a task is completed, failed or unreachable nothing changes it. A result beside such a " +
		"state is accepted only when it is the very result the state recorded as consumed " +
		"(resultSha256). Any other result — one that appeared after the task became unreachable, or " +
		"replaces the consumed one — is a late result or a replay, and is rejected.",
	Help:     "Delete the late result; if the work still matters, dispatch a new task.",
	Consumer: "A finished task never changes: squadci resume rejects a late or replayed result, so its work reaches the squad only through a new task. Error.",
})

func checkLateResult(c *exchangeCheck) {
	st, f := c.State, c.x.Result
	if f == nil || st == nil || !isTerminal(st.Status) || c.ConsumedResult {
		return
	}
	why := "it arrived after the task finished"
	if st.ResultSha256 != "" {
		why = "it is not the result the task consumed"
	}
	c.report(ruleExchangeLateResult.At(f.Path, taskSpan(c.resEnv),
		"task %s is already %s; %s, so it is rejected as a late result or replay", quoteOrRedactName(c.x.TaskID), st.Status, why))
}

package connector

import "github.com/squadci/squadci/lint/diag"

var ruleExchangeTaskIDReused = diag.Register(diag.Rule{
	ID: "CN510", Name: "exchange-task-id-reused", Severity: diag.SeverityError, Domain: "exchange",
	Short: "A new request reuses the taskId of a finished task",
	Full: "Every taskId is one-time. Once a task is finished (completed, failed or unreachable; consumed " +
		"or not) its id is rejected forever, across processes, even if the public exchange files were " +
		"removed. A request whose bytes differ from the ones the finished task's state recorded is a " +
		"second exchange reusing the id: a replay, rejected.",
	Help:     "Dispatch the new work under a fresh taskId (`squadci connector dispatch` draws one) and remove this request.",
	Consumer: "taskIds are one-time: squadci resume rejects a reused id so that an old result cannot answer a new request. Error.",
})

func checkTaskIDReused(c *exchangeCheck) {
	st, f := c.State, c.x.Request
	if st == nil || f == nil || f.Src == nil || st.RequestSha256 == "" || !isTerminal(st.Status) {
		return
	}
	if sha256Hex(f.Src) == st.RequestSha256 {
		return
	}
	c.report(ruleExchangeTaskIDReused.At(f.Path, taskSpan(c.reqEnv),
		"task %s is already %s; this request is not the one it was dispatched with, and a finished taskId is never reused",
		quoteOrRedactName(c.x.TaskID), st.Status))
}

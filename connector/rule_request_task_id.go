package connector

import "github.com/squadci/squadci/lint/diag"

var ruleRequestTaskID = diag.Register(diag.Rule{
	ID: "CN205", Name: "request-task-id", Severity: diag.SeverityError, Domain: "request",
	Short: "Request taskId is not a valid task id",
	Full: "A taskId is 1–128 characters: an ASCII letter or digit, then letters, digits, '.', '_' or '-' (" +
		taskIDPattern + "). It names every file of the exchange, so it must be safe as a file name on " +
		"every system; it is one-time and never reused.",
	Help:     "Dispatch a new task: `squadci connector dispatch` draws a fresh random taskId.",
	Consumer: "taskId names every file of the exchange; an id the contract refuses makes squadci poll and the adapter reject the request. Error.",
})

func checkRequestTaskID(c *requestCheck) {
	v := c.str("taskId")
	if v == nil {
		return
	}
	if !IsTaskID(v.Str) {
		c.report(ruleRequestTaskID.At(c.path, v.Span, "taskId %s must match %s", c.q(v), taskIDPattern))
		return
	}
	c.r.TaskID = v.Str
}

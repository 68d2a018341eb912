package connector

import "github.com/squadci/squadci/lint/diag"

var ruleRequestTask = diag.Register(diag.Rule{
	ID: "CN210", Name: "request-task-blank", Severity: diag.SeverityError, Domain: "request",
	Short: "Request task is blank",
	Full: "task holds the bounded, human-readable instructions for the external endpoint. It is data, " +
		"never a script, and it must say something: an empty or white-space task is an error.",
	Help:     "Dispatch again with the instructions in --task.",
	Consumer: "The adapter has no instructions to run, so the endpoint returns nothing useful. Error.",
})

func checkRequestTask(c *requestCheck) {
	c.r.Task, _ = c.nonblank(ruleRequestTask, "task", "task is blank; it must hold the instructions for the endpoint")
}

package connector

import "github.com/squadci/squadci/lint/diag"

// maxInputs bounds a request's read-only inputs (spec §3).
const maxInputs = 64

var ruleRequestInputs = diag.Register(diag.Rule{
	ID: "CN211", Name: "request-too-many-inputs", Severity: diag.SeverityError, Domain: "request",
	Short: "Request lists more than 64 inputs",
	Full: "inputs names the read-only files or directories the endpoint may consult: at most 64 paths. " +
		"A task that needs more should name a directory.",
	Help:     "Name the directories that hold the inputs instead of every file.",
	Consumer: "The request schema caps inputs at 64; the adapter rejects the request. Error.",
})

func checkRequestInputCount(c *requestCheck) {
	if arr := arrMember(c.root, "inputs"); arr != nil && len(arr.Elems) > maxInputs {
		c.report(ruleRequestInputs.At(c.path, arr.Span, "inputs has %d entries; at most %d are allowed", len(arr.Elems), maxInputs))
	}
}

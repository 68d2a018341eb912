package connector

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/secrets"
	"github.com/squadci/squadci/lint/source"
)

var ruleExchangeFileName = diag.Register(diag.Rule{
	ID: "CN502", Name: "exchange-file-name", Severity: diag.SeverityError, Domain: "exchange",
	Short: "An exchange file's taskId differs from its file name",
	Full: "Every file of an exchange is named after its task: <taskId>.request.json, .result.json, " +
		".snapshot.json and .squad-connector/<taskId>.state.json. The taskId inside each file must equal " +
		"that file-name stem exactly, or files of different tasks could be paired.",
	Help: "Never rename an exchange file to make it match: a result with the wrong taskId is the wrong " +
		"result. Delete it and let the adapter write a new one that copies the request's taskId verbatim, " +
		"or dispatch the work again; a request, snapshot or state that disagrees with its name was not " +
		"written by the shim: dispatch again.",
	Consumer: "squadci resume and the adapter find an exchange's files by taskId; a mismatch pairs a result with the wrong request. Error.",
})

func checkFileNames(c *exchangeCheck) {
	for _, e := range [...]*envelope{c.reqEnv, c.resEnv, c.snapEnv, c.stEnv} {
		if e == nil {
			continue
		}
		v := e.str("taskId")
		if v == nil || v.Str == c.x.TaskID {
			continue
		}
		c.report(ruleExchangeFileName.At(e.path, v.Span, "taskId %s does not match the file name, which names task %s",
			e.q(v), quoteOrRedactName(c.x.TaskID)))
	}
}

// quoteOrRedactName renders a name taken from a file path: as is when it
// is a well-formed taskId or mailbox path, quoted (or redacted) otherwise.
func quoteOrRedactName(s string) string {
	if len(secrets.Scan(s)) > 0 {
		return secrets.Redact(s)
	}
	if _, safe := CheckSafePath(s, true); IsTaskID(s) || safe && len(s) <= maxQuoted {
		return s
	}
	return quoteText(s)
}

// taskSpan is where findings about a file as a whole point: its taskId
// value, else its opening brace, else its first byte.
func taskSpan(e *envelope) diag.Span {
	if e == nil || e.root == nil {
		return fileStart
	}
	if v := e.str("taskId"); v != nil {
		return v.Span
	}
	return brace(e.root)
}

// member returns e's top-level member name of any type, or nil.
func member(e *envelope, name string) *source.Value {
	if e == nil || e.root == nil {
		return nil
	}
	return e.root.Get(name)
}

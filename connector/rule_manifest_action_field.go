package connector

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleManifestActionField = diag.Register(diag.Rule{
	ID: "CN102", Name: "manifest-action-field", Severity: diag.SeverityError, Domain: "manifest",
	Short: "Manifest says how to run something",
	Full: "A manifest is data: it declares what a connector can do and how work reaches it, never a " +
		"command to execute. The fields command, exec, script, url, fetch, run, entrypoint, args and env " +
		"(in any letter case) are refused with this rule rather than as unknown fields. Which program " +
		"serves a connectorId is the adapter's trusted configuration.",
	Help:     "Delete the member and map the connectorId to your runner in the adapter's own configuration.",
	Consumer: "A manifest that says how to run something would let whoever edits it choose what squadci poll or the adapter executes. Error: a security property breaks.",
})

// actionFields are refused by name, in any letter case.
var actionFields = [...]string{"command", "exec", "script", "url", "fetch", "run", "entrypoint", "args", "env"}

func isActionField(name string) bool {
	if len(name) > len("entrypoint") {
		return false
	}
	for _, a := range actionFields {
		if strings.EqualFold(name, a) {
			return true
		}
	}
	return false
}

func checkActionFields(c *manifestCheck) {
	for _, m := range c.root.Members {
		if isActionField(m.Key) {
			c.report(ruleManifestActionField.At(c.path, m.KeySpan,
				"action field %q is not allowed: a manifest declares capability and transport, never how to run anything", m.Key))
		}
	}
}

package connector

import (
	"slices"

	"github.com/squadci/squadci/lint/diag"
)

var ruleRequestManifestMismatch = diag.Register(diag.Rule{
	ID: "CN503", Name: "request-manifest-mismatch", Severity: diag.SeverityError, Domain: "exchange",
	Short: "Request does not agree with the manifest that owns its mailbox",
	Full: "A request lies in the mailbox (dropPath) of exactly one manifest and must agree with it: its " +
		"connectorId is that manifest's, its role one of the manifest's roles, its schemaVersion not newer " +
		"than the manifest's (a 1.0 connector takes 1.0 requests only), and a request to an orchestrator " +
		"connector is 1.1. A request in a mailbox no manifest declares has no owner at all.",
	Help: "Dispatch through the connector that owns the mailbox, with one of its roles; or declare the " +
		"mailbox in a manifest's dropPath.",
	Consumer: "The adapter would run, and squadci resume accept, work the manifest never allowed (another connector's or role's). Error.",
})

func checkRequestManifest(c *exchangeCheck) {
	if c.Request == nil {
		return
	}
	req := &c.Request.env
	m := c.x.Manifest
	if m == nil {
		c.report(ruleRequestManifestMismatch.At(req.path, spanOf(req, "connectorId"),
			"no manifest declares the mailbox %s as its dropPath, so no connector owns this request", quoteOrRedactName(c.x.Mailbox)))
		return
	}
	where := " (" + m.Path + ")"
	if v := req.str("connectorId"); v != nil && m.ConnectorID != "" && v.Str != m.ConnectorID {
		c.report(ruleRequestManifestMismatch.At(req.path, v.Span, "connectorId %s is not %q, the connector whose mailbox this is%s",
			req.q(v), m.ConnectorID, where))
	}
	if v := req.str("role"); v != nil && len(m.Roles) > 0 && !slices.Contains(m.Roles, v.Str) {
		c.report(ruleRequestManifestMismatch.At(req.path, v.Span, "role %s is not one of the connector's roles%s",
			req.q(v), where))
	}
	v := req.str("schemaVersion")
	if v == nil {
		return
	}
	switch {
	case c.Request.SchemaVersion == "1.1" && m.SchemaVersion == "1.0":
		c.report(ruleRequestManifestMismatch.At(req.path, v.Span,
			`schemaVersion "1.1" is newer than the connector's manifest ("1.0")%s`, where))
	case c.Request.SchemaVersion == "1.0" && m.EndpointKind == "orchestrator":
		c.report(ruleRequestManifestMismatch.At(req.path, v.Span,
			`the connector is an orchestrator, which takes schemaVersion "1.1" requests with allowedOutputs%s`, where))
	}
}

// spanOf is the span of e's top-level member name, else taskSpan.
func spanOf(e *envelope, name string) diag.Span {
	if v := member(e, name); v != nil {
		return v.Span
	}
	return taskSpan(e)
}

package connector

import "github.com/squadci/squadci/lint/diag"

var ruleResultIdentity = diag.Register(diag.Rule{
	ID: "CN504", Name: "result-identity-mismatch", Severity: diag.SeverityError, Domain: "exchange",
	Short: "Result identity fields differ from the request's",
	Full: "Identity binding: a result's schemaVersion, connectorId, taskId, role and (in 1.1) bindingId " +
		"equal the request's exactly, byte for byte. A result that names another connector, role or " +
		"binding is never attributed to this task.",
	Help: "Fix the adapter to copy schemaVersion, connectorId, taskId, role and bindingId from the request " +
		"verbatim; then delete this result and let the adapter write a new one, or, once a resume has " +
		"failed the task, dispatch the work again.",
	Consumer: "squadci resume binds a result to its request by identity; a result naming another task, connector or role is rejected and the task fails. Error: a security property breaks.",
})

// identityFields are the members a result repeats from its request.
var identityFields = [...]string{"schemaVersion", "connectorId", "taskId", "role", "bindingId"}

func checkResultIdentity(c *exchangeCheck) {
	if c.Request == nil || c.Result == nil {
		return
	}
	req, res := &c.Request.env, &c.Result.env
	for _, name := range identityFields {
		want, got := req.str(name), res.str(name)
		if want == nil || got == nil || want.Str == got.Str {
			continue
		}
		if name == "schemaVersion" && (c.Request.SchemaVersion == "" || c.Result.SchemaVersion == "") {
			continue // an unknown version is reported on its own
		}
		c.report(ruleResultIdentity.At(res.path, got.Span, "%s %s does not match the request's %s (%s)",
			name, res.q(got), req.q(want), req.path))
	}
}

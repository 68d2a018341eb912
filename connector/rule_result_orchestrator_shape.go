package connector

import "github.com/squadci/squadci/lint/diag"

var ruleResultOrchestratorShape = diag.Register(diag.Rule{
	ID: "CN309", Name: "result-orchestrator-shape", Severity: diag.SeverityError, Domain: "exchange",
	Short: "A 1.1 orchestrator envelope does not return its artifacts in outputs",
	Full: "An orchestrator returns one aggregate envelope: top-level artifacts is the empty array [] and " +
		"every artifact is mapped to a declared output slot in outputs. A connector is an orchestrator " +
		"when its manifest says endpointKind \"orchestrator\" (for an example pair without a manifest: " +
		"when the request declares allowedOutputs).",
	Help:     `Move each artifact into "outputs": [{"outputId": "<slot>", "artifacts": [...]}] and leave "artifacts": [].`,
	Consumer: "squadci resume cannot map an orchestrator's artifacts to slots and fails the task. Error.",
})

// orchestrator reports whether the exchange's endpoint is a 1.1 orchestrator.
func (c *exchangeCheck) orchestrator() bool {
	if c.Request == nil || c.Request.SchemaVersion != "1.1" {
		return false
	}
	if c.x.Manifest != nil {
		return c.x.Manifest.EndpointKind == "orchestrator"
	}
	return c.x.Example && len(c.Request.AllowedOutputs) > 0
}

func checkOrchestratorShape(c *exchangeCheck) {
	if c.Result == nil || c.Result.SchemaVersion != "1.1" || !c.orchestrator() {
		return
	}
	res := &c.Result.env
	if arr := arrMember(res.root, "artifacts"); arr != nil && len(arr.Elems) > 0 {
		c.report(ruleResultOrchestratorShape.At(res.path, arr.Span,
			"a 1.1 orchestrator envelope leaves top-level artifacts empty ([]) and returns every artifact in outputs; found %d", len(arr.Elems)))
	}
	if res.root.Get("outputs") == nil {
		c.report(ruleResultOrchestratorShape.At(res.path, brace(res.root),
			`a 1.1 orchestrator envelope returns its artifacts in "outputs", which is missing`))
	}
}

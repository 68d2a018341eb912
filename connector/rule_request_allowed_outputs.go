package connector

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleRequestAllowedOutputs = diag.Register(diag.Rule{
	ID: "CN213", Name: "request-allowed-outputs", Severity: diag.SeverityError, Domain: "request",
	Short: "Request output slots are missing, malformed or repeated",
	Full: "A 1.1 request to an orchestrator connector declares at least one output slot in allowedOutputs; " +
		"each slot's outputId is a role-id shaped id (" + KebabPattern + ") that appears once. The result " +
		"may return artifacts only in these slots. A missing or empty list is reported at the object or " +
		"the array, a bad or repeated outputId at the value.",
	Help:     `Dispatch with one --output ID=DIR per slot, for example --output implementation=reports/impl/.`,
	Consumer: "Without well-formed output slots an orchestrator's result cannot be mapped, so squadci resume rejects it. Error.",
})

func checkRequestAllowedOutputs(c *requestCheck) {
	elems := c.r.outputElems()
	for k, el := range elems {
		v := strMember(el, "outputId")
		if v == nil {
			continue
		}
		if !IsKebabID(v.Str) {
			c.report(ruleRequestAllowedOutputs.At(c.path, v.Span,
				"outputId %s must match %s (lowercase letters and digits in hyphen-separated words)", c.q(v), KebabPattern))
			continue
		}
		if first := firstOutputID(elems[:k], v.Str); first != nil {
			c.report(ruleRequestAllowedOutputs.At(c.path, v.Span, "outputId %q is declared twice; first at allowedOutputs[%d]",
				v.Str, first.Parent.Index))
			continue
		}
		o := AllowedOutput{OutputID: v.Str}
		if root := strMember(el, "deliverableRoot"); root != nil {
			if _, safe := CheckSafePath(root.Str, true); safe {
				o.DeliverableRoot = root.Str
			}
		}
		if d := strMember(el, "description"); d != nil {
			o.Description = d.Str
		}
		c.r.AllowedOutputs = append(c.r.AllowedOutputs, o)
	}
}

// firstOutputID returns the outputId value equal to id among elems.
func firstOutputID(elems []*source.Value, id string) *source.Value {
	for _, el := range elems {
		if v := strMember(el, "outputId"); v != nil && v.Str == id {
			return v
		}
	}
	return nil
}

// checkOrchestratorOutputs requires output slots in a 1.1 request to an
// orchestrator connector.
func checkOrchestratorOutputs(c *exchangeCheck) {
	if c.Request == nil || !c.orchestrator() {
		return
	}
	req := &c.Request.env
	switch arr := req.root.Get("allowedOutputs"); {
	case arr == nil:
		c.report(ruleRequestAllowedOutputs.At(req.path, brace(req.root),
			`missing "allowedOutputs": a 1.1 request to an orchestrator connector declares at least one output slot`))
	case arr.Kind == source.KindArray && len(arr.Elems) == 0:
		c.report(ruleRequestAllowedOutputs.At(req.path, arr.Span,
			"allowedOutputs is empty: a 1.1 request to an orchestrator connector declares at least one output slot"))
	}
}

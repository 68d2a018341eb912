package connector

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleResultOutputUndeclared = diag.Register(diag.Rule{
	ID: "CN310", Name: "result-output-undeclared", Severity: diag.SeverityError, Domain: "result",
	Short: "Result returns an output slot the request did not declare",
	Full: "A 1.1 envelope returns artifacts only in the output slots the request declared in " +
		"allowedOutputs, each slot at most once. An outputId the request does not declare (or a request " +
		"that declares none), or a slot returned twice, is reported at the outputId.",
	Help:     "Return artifacts only under the outputId values listed in the request's allowedOutputs.",
	Consumer: "squadci resume rejects artifacts in a slot the request never declared and fails the task. Error.",
})

// checkResultOutputIDs collects the outputs' ids and reports repeats; the
// comparison with the request is CheckExchange's.
func checkResultOutputIDs(c *resultCheck) {
	seen := map[string]int{}
	for _, el := range c.outputElems() {
		v := strMember(el, "outputId")
		if v == nil {
			continue
		}
		if first, dup := seen[v.Str]; dup {
			c.report(ruleResultOutputUndeclared.At(c.path, v.Span, "outputs[%d] returns outputId %s again; first at outputs[%d]",
				el.Index, c.q(v), first))
			continue
		}
		seen[v.Str] = el.Index
		c.r.OutputIDs = append(c.r.OutputIDs, v.Str)
	}
}

// checkResultOutputs reports outputs the request does not declare.
func checkResultOutputs(c *exchangeCheck) {
	if c.Request == nil || c.Result == nil {
		return
	}
	res := &c.Result.env
	arr := arrMember(res.root, "outputs")
	if arr == nil {
		return
	}
	declared := "it declares none"
	if len(c.Request.AllowedOutputs) > 0 {
		ids := make([]string, len(c.Request.AllowedOutputs))
		for i, o := range c.Request.AllowedOutputs {
			ids[i] = o.OutputID
		}
		declared = "declared: " + strings.Join(ids, ", ")
	}
	for _, el := range arr.Elems {
		v := strMember(el, "outputId")
		if v == nil {
			continue
		}
		if _, ok := c.Request.Output(v.Str); !ok {
			c.report(ruleResultOutputUndeclared.At(res.path, v.Span, "outputId %s is not declared in the request's allowedOutputs (%s)",
				res.q(v), declared))
		}
	}
}

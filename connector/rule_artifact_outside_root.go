package connector

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleArtifactOutsideRoot = diag.Register(diag.Rule{
	ID: "CN312", Name: "artifact-outside-root", Severity: diag.SeverityError, Domain: "exchange",
	Short: "Artifact is not strictly under its deliverable root",
	Full: "A top-level artifact lies strictly below the request's deliverableRoot; an output's artifact " +
		"strictly below that output slot's deliverableRoot. The check compares whole path segments " +
		"(out/a/x is under out/a, out/ab/x is not) and the root itself is not an artifact.",
	Help:     "Write the file under the root the request names for it and list that path.",
	Consumer: "squadci resume commits only what lies under the deliverable root; an artifact elsewhere fails the task. Error: a security property breaks.",
})

// artifactRoot returns the deliverable root artifact a must lie under, or
// "" when the request does not say (no request, undeclared output, unsafe
// root: other rules report those).
func (c *exchangeCheck) artifactRoot(a *Artifact) string {
	if c.Request == nil {
		return ""
	}
	if a.OutputID == "" {
		return c.Request.DeliverableRoot
	}
	o, _ := c.Request.Output(a.OutputID)
	return o.DeliverableRoot
}

func checkArtifactRoots(c *exchangeCheck) {
	if c.Result == nil {
		return
	}
	res := &c.Result.env
	for i := range c.Result.Artifacts {
		a := &c.Result.Artifacts[i]
		root := c.artifactRoot(a)
		if !a.Valid || root == "" {
			continue
		}
		if PathWithin(root, a.Path) && strings.TrimSuffix(root, "/") != a.Path {
			checkArtifactDepth(c, i, a, root)
			continue
		}
		c.invalidate(i)
		what := "the request's deliverableRoot"
		if a.OutputID != "" {
			what = "the deliverableRoot of output " + quoteText(a.OutputID)
		}
		c.report(ruleArtifactOutsideRoot.At(res.path, a.value.Span, "%s path %s is not under %s %s",
			artifactWhere(a), res.q(a.value), what, c.Request.env.quote(root, c.rootSpan(a))))
	}
}

// rootSpan is the request value holding a's root, for redaction.
func (c *exchangeCheck) rootSpan(a *Artifact) diag.Span {
	if a.OutputID == "" {
		if v := c.Request.value("deliverableRoot"); v != nil {
			return v.Span
		}
		return fileStart
	}
	for _, el := range c.Request.outputElems() {
		if id := strMember(el, "outputId"); id != nil && id.Str == a.OutputID {
			if v := strMember(el, "deliverableRoot"); v != nil {
				return v.Span
			}
		}
	}
	return fileStart
}

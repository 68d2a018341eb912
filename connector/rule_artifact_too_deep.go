package connector

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

// maxArtifactDepth bounds the directories between a root and an artifact.
const maxArtifactDepth = 5

var ruleArtifactTooDeep = diag.Register(diag.Rule{
	ID: "CN321", Name: "artifact-too-deep", Severity: diag.SeverityError, Domain: "exchange",
	Short: "Artifact is nested more than 5 directory levels below its root",
	Full: "An artifact lies at most 5 directory levels below its deliverable root: root/a/b/c/d/e/x.md " +
		"(five directories between the root and the file) is the deepest allowed, root/x.md has none.",
	Help:     "Flatten the report's directory structure.",
	Consumer: "squadci resume refuses an artifact more than 5 levels below its root and fails the task. Error.",
})

// checkArtifactDepth reports artifact i (already known to lie under root)
// when it is nested too deep.
func checkArtifactDepth(c *exchangeCheck, i int, a *Artifact, root string) {
	rel := strings.TrimPrefix(a.Path, strings.TrimSuffix(root, "/")+"/")
	depth := strings.Count(rel, "/")
	if depth <= maxArtifactDepth {
		return
	}
	c.invalidate(i)
	c.report(ruleArtifactTooDeep.At(c.Result.Path, a.value.Span, "%s path is %d directory levels below its root; at most %d are allowed",
		artifactWhere(a), depth, maxArtifactDepth))
}

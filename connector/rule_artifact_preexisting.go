package connector

import "github.com/squadci/squadci/lint/diag"

var ruleArtifactPreexisting = diag.Register(diag.Rule{
	ID: "CN316", Name: "artifact-preexisting", Severity: diag.SeverityError, Domain: "exchange",
	Short: "Artifact existed before the task (listed in its snapshot)",
	Full: "No auto-overwrite: each artifact is a new, task-owned file. The snapshot lists every file that " +
		"already existed under the deliverable roots before the request was published; an artifact on " +
		"that list is rejected, whatever its content now (compared ignoring ASCII letter case).",
	Help:     "Write the report to a new file name under the deliverable root and list that path.",
	Consumer: "An artifact that existed before the task would be overwritten by what the adapter wrote; squadci resume refuses it and fails the task. Error.",
})

func checkArtifactsPreexisting(c *exchangeCheck) {
	if c.Result == nil || c.Snapshot == nil {
		return
	}
	for i := range c.Result.Artifacts {
		a := &c.Result.Artifacts[i]
		if !a.Valid || c.invalid[i] || !c.Snapshot.Lists(a.Path) {
			continue
		}
		c.invalidate(i)
		c.report(ruleArtifactPreexisting.At(c.Result.Path, a.value.Span,
			"%s path is listed in the task's snapshot: the file existed before the request and is never overwritten", artifactWhere(a)))
	}
}

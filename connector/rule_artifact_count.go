package connector

import "github.com/squadci/squadci/lint/diag"

// maxArtifacts bounds the artifacts of one envelope, outputs included.
const maxArtifacts = 20

var ruleArtifactCount = diag.Register(diag.Rule{
	ID: "CN320", Name: "artifacts-too-many", Severity: diag.SeverityError, Domain: "result",
	Short: "Result names more than 20 artifacts",
	Full: "One envelope returns at most 20 artifacts, counting top-level artifacts and those of every " +
		"output together. The finding points at the 21st.",
	Help:     "Return fewer, larger reports, or split the work into several tasks.",
	Consumer: "squadci resume refuses more than 20 artifacts and fails the task. Error.",
})

func checkArtifactCount(c *resultCheck) {
	if n := len(c.r.Artifacts); n > maxArtifacts {
		a := &c.r.Artifacts[maxArtifacts]
		c.report(ruleArtifactCount.At(c.path, a.value.Span, "the envelope names %d artifacts; at most %d are allowed (this is number %d)",
			n, maxArtifacts, maxArtifacts+1))
	}
}

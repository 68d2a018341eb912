package connector

import "github.com/squadci/squadci/lint/diag"

// maxArtifactBytes caps one artifact file: 1 MiB.
const maxArtifactBytes = 1 << 20

var ruleArtifactTooLarge = diag.Register(diag.Rule{
	ID: "CN318", Name: "artifact-too-large", Severity: diag.SeverityError, Domain: "exchange",
	Short: "Artifact file is larger than 1 MiB",
	Full: "Each artifact is at most 1 MiB (1,048,576 bytes) on disk; exactly 1 MiB passes. The size " +
		"comes from Lstat; the file is never read.",
	Help:     "Split the report or trim it; bulky data does not belong in an envelope's artifacts.",
	Consumer: "squadci resume refuses an artifact over 1 MiB and fails the task. Error.",
})

func reportTooLarge(c *exchangeCheck, a *Artifact, size int64) {
	c.report(ruleArtifactTooLarge.At(c.Result.Path, a.value.Span, "%s file is %d bytes; at most %d (1 MiB) are allowed",
		artifactWhere(a), size, maxArtifactBytes))
}

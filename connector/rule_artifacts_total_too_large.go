package connector

import "github.com/squadci/squadci/lint/diag"

// maxEnvelopeBytes caps the artifacts of one envelope together: 5 MiB.
const maxEnvelopeBytes = 5 << 20

var ruleArtifactsTotalTooLarge = diag.Register(diag.Rule{
	ID: "CN319", Name: "artifacts-total-too-large", Severity: diag.SeverityError, Domain: "exchange",
	Short: "Artifacts of one envelope total more than 5 MiB",
	Full: "All artifacts of one envelope, outputs included, total at most 5 MiB (5,242,880 bytes); " +
		"exactly 5 MiB passes. The finding points at the artifact that takes the total past the cap.",
	Help:     "Return fewer or smaller reports, or split the work into several tasks.",
	Consumer: "squadci resume refuses an envelope whose artifacts total over 5 MiB and fails the task. Error.",
})

func reportTotalTooLarge(c *exchangeCheck, a *Artifact, total int64) {
	c.report(ruleArtifactsTotalTooLarge.At(c.Result.Path, a.value.Span,
		"the artifacts total %[2]d bytes, past the cap from %[1]s on; at most %[3]d (5 MiB) are allowed per envelope", artifactWhere(a), total, maxEnvelopeBytes))
}

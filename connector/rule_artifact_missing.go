package connector

import "github.com/squadci/squadci/lint/diag"

var ruleArtifactMissing = diag.Register(diag.Rule{
	ID: "CN314", Name: "artifact-missing", Severity: diag.SeverityError, Domain: "exchange",
	Short: "Artifact does not exist on disk",
	Full: "In-place validation: the producer writes each artifact under its deliverable root before it " +
		"publishes the result, so every listed path exists when the result is validated. A missing file " +
		"(or a missing directory on its way) fails the exchange. Artifacts of a task already finished are " +
		"not looked up again.",
	Help:     "Write the file before the result, or remove it from the envelope.",
	Consumer: "squadci resume cannot commit an artifact that is not there and fails the task. Error.",
})

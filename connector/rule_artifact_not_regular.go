package connector

import "github.com/squadci/squadci/lint/diag"

var ruleArtifactNotRegular = diag.Register(diag.Rule{
	ID: "CN315", Name: "artifact-not-regular", Severity: diag.SeverityError, Domain: "exchange",
	Short: "Artifact path runs through a symlink or junction, or is not a regular file",
	Full: "Every component of an artifact path is looked up with Lstat from the repository root down and " +
		"never followed: a symlink, a Windows junction or any other reparse point at any component — " +
		"intermediate directories included — is rejected, as is a final entry that is a directory, a " +
		"FIFO, a socket or a device. Only plain directories leading to a regular file pass.",
	Help:     "Write the artifact as a regular file in real directories under the deliverable root; links are never followed.",
	Consumer: "A symlink or junction would let squadci resume commit a file outside the deliverable root. Error: a security property breaks.",
})

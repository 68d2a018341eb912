package corpus

import shim "github.com/squadci/squadci/connector"

// The exchange files of connector.md §3–§5 are written with the connector
// package's own file types, so the corpus and `squadci connector dispatch`
// cannot drift apart: same fields, same order, same omissions.
type (
	snapshot      = shim.SnapshotFile
	snapshotRoot  = shim.SnapshotRoot
	request       = shim.RequestFile
	allowedOutput = shim.AllowedOutput
	result        = shim.ResultFile
	artifact      = shim.ArtifactEntry
	output        = shim.OutputEntry
	provenance    = shim.Provenance
	fanOut        = shim.FanOut
	taskState     = shim.StateFile
)

package connector

import "github.com/squadci/squadci/lint/diag"

var ruleArtifactPathUnsafe = diag.Register(diag.Rule{
	ID: "CN311", Name: "artifact-path-unsafe", Severity: diag.SeverityError, Domain: "result",
	Short: "Artifact path is not a safe relative file path",
	Full: "Every artifact path is a repository-relative file path with '/' separators, checked before " +
		"anything is cleaned or resolved. Refused: absolute paths, UNC paths (\\\\server\\share), drive " +
		"letters (C:), '..' segments, ':' anywhere (NTFS alternate data streams), backslashes, empty or " +
		"'.' segments, a trailing '/', Windows device names (CON, PRN, AUX, NUL, COM1–COM9, LPT1–LPT9, " +
		"any case, with or without an extension) in any segment, and segments ending in a dot or a space " +
		"(spec §6). The reason never repeats the path.",
	Help:     `Write the path relative to the repository root, under the request's deliverableRoot, for example "reports/acme/t-1/note.md".`,
	Consumer: "An unsafe artifact path would let the adapter make squadci resume commit a file outside the deliverable root. Error: a security property breaks.",
})

func checkArtifactPaths(c *resultCheck) {
	for i := range c.r.Artifacts {
		a := &c.r.Artifacts[i]
		if reason, ok := CheckSafePath(a.Path, false); !ok {
			a.Valid = false
			c.report(ruleArtifactPathUnsafe.At(c.path, a.value.Span, "%s path %s is unsafe: %s", artifactWhere(a), c.q(a.value), reason))
		}
	}
}

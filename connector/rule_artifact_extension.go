package connector

import (
	"path"

	"github.com/squadci/squadci/lint/diag"
)

var ruleArtifactExtension = diag.Register(diag.Rule{
	ID: "CN313", Name: "artifact-extension", Severity: diag.SeverityError, Domain: "result",
	Short: "Artifact is not a .md, .json or .txt file",
	Full: "Artifacts are reports: the file name must end in .md, .json or .txt, written in lowercase. " +
		"Anything else — scripts, binaries, archives, files without an extension — is refused, whatever " +
		"the file holds.",
	Help:     "Return the report as Markdown, JSON or plain text; source changes stay in the worktree, not in the envelope.",
	Consumer: "squadci resume accepts only reports (.md, .json, .txt), never scripts or binaries, and fails the task. Error: a security property breaks.",
})

// allowedExtension reports whether p ends in one of the artifact extensions.
func allowedExtension(p string) bool {
	switch path.Ext(p) {
	case ".md", ".json", ".txt":
		return true
	}
	return false
}

func checkArtifactExtensions(c *resultCheck) {
	for i := range c.r.Artifacts {
		a := &c.r.Artifacts[i]
		if !a.Valid || allowedExtension(a.Path) {
			continue
		}
		a.Valid = false
		ext := path.Ext(a.Path)
		what := "has no extension"
		if ext != "" && !c.isSecret(a.value.Span) {
			what = "has extension " + quoteText(ext)
		} else if ext != "" {
			what = "has a disallowed extension"
		}
		c.report(ruleArtifactExtension.At(c.path, a.value.Span, "%s path %s; only .md, .json and .txt are allowed", artifactWhere(a), what))
	}
}

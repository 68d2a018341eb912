package promptfile

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/secrets"
)

const credentialFull = "The whole file — prose, frontmatter, comments — is scanned with the shared credential-shape " +
	"scanner, and so is every decoded double-quoted frontmatter string. The hosts send the file's text to " +
	"the model and it is committed to the repository, so a credential in it has leaked. The message names " +
	"the family (or, for a generic value, the key it is assigned to), never the value. The known token " +
	"formats are errors; a value only the generic heuristic flags (high entropy, assigned to a secret-named " +
	"key) is a warning, since in these files such lines are mostly examples of what not to write."

const credentialHelp = "Remove the value and rotate the credential; reference it from the host's secret store instead."

var rulePromptCredential = diag.Register(diag.Rule{
	ID: "PF107", Name: "prompt-credential", Severity: diag.SeverityError, Domain: "promptfile", Secret: true,
	Short: "Prompt file contains credential-shaped content",
	Full:  credentialFull, Help: credentialHelp,
	Consumer: "a security property breaks: VS Code sends the prompt to the model, and the credential is committed with it",
})

var ruleInstructionsCredential = diag.Register(diag.Rule{
	ID: "IN109", Name: "instructions-credential", Severity: diag.SeverityError, Domain: "instructions", Secret: true,
	Short: "Instructions file contains credential-shaped content",
	Full:  credentialFull, Help: credentialHelp,
	Consumer: "a security property breaks: VS Code and GitHub's agents send the file to the model, and the credential is committed with it",
})

// credentials reports every credential-shaped run of the raw file, then the
// decoded strings the header reading found that the raw scan did not.
func (c *check) credentials(r *diag.Rule, src []byte) {
	var seen []diag.Span
	for _, m := range secrets.Scan(string(src)) {
		span := diag.Span{Start: m.Start, End: m.End}
		seen = append(seen, span)
		sev := diag.SeverityOff
		if m.Heuristic() {
			sev = diag.SeverityWarning
		}
		c.fail(r, sev, span, "", "credential-shaped content (%s); the value is withheld", m.Phrase())
	}
	for _, p := range c.hdr.Problems {
		if p.Kind == "credential" && !overlaps(seen, p.Span) {
			c.fail(r, diag.SeverityOff, p.Span, p.Field, "%s", p.Msg)
		}
	}
}

func overlaps(spans []diag.Span, s diag.Span) bool {
	for _, o := range spans {
		if o.Start < s.End && s.Start < o.End {
			return true
		}
	}
	return false
}

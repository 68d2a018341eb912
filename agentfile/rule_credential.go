package agentfile

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/secrets"
)

var ruleCredential = diag.Register(diag.Rule{
	ID: "AF002", Name: "agentfile-credential", Severity: diag.SeverityError, Domain: "agentfile", Secret: true,
	Short: "Agent file contains credential-shaped content",
	Full: "The whole agent file — prose, frontmatter, raw YAML comments — is scanned with the shared " +
		"credential-shape scanner, and so is every decoded double-quoted YAML string (example inputs, " +
		"assertion operands, recorded payloads, JSON encoded inside them), so escapes cannot hide a " +
		"known shape. A match refuses the file with a redacted message naming the family (or, for a " +
		"generic value, the key it is assigned to); the value is never repeated. Arbitrary secrets " +
		"can still evade shape detection.",
	Help: "Remove the value and rotate the credential: it has been committed. Agent files never carry " +
		"credentials; hosts supply them from their own secret stores.",
	Consumer: "kmx's agent-file loader (agentfile.Parse, squadci agentfile export) refuses the file with a redacted error, and a credential committed in an agent file is readable by anyone who can read the repository. Error: a security property breaks.",
})

// credentialMessage is the redacted refusal; it names the family, or for a
// generic value the key it is assigned to, never the value.
const credentialMessage = "credential-shaped content (%s) is not allowed (value withheld)"

const credentialRepair = "remove it and rotate the credential; the host supplies credentials from outside the file"

// checkRawSecrets scans the original bytes, comments included.
func (c *checker) checkRawSecrets() {
	for _, m := range secrets.Scan(string(c.src)) {
		span := diag.Span{Start: m.Start, End: m.End}
		c.secrets = append(c.secrets, span)
		c.fail(ruleCredential, span, "", credentialRepair, credentialMessage, m.Phrase())
		if c.stopped() {
			return
		}
	}
}

// checkDecodedSecret scans one decoded string whose source is at span,
// unless the raw scan already reported a run inside that source.
func (c *checker) checkDecodedSecret(key, value string, span diag.Span, field string) {
	ms := secrets.ScanKeyValue(key, value)
	if len(ms) == 0 {
		return
	}
	for _, s := range c.secrets {
		if s.Start < span.End && span.Start < s.End {
			return
		}
	}
	c.secrets = append(c.secrets, span)
	c.fail(ruleCredential, span, field, credentialRepair, credentialMessage, ms[0].Phrase())
}

package connector

import "github.com/squadci/squadci/lint/diag"

var ruleContact = diag.Register(diag.Rule{
	ID: "CN119", Name: "manifest-contact", Severity: diag.SeverityError, Domain: "manifest",
	Short: "contact is not an e-mail address",
	Full: "contact is the e-mail address of whoever owns the connector, shaped local@domain.tld: an ASCII " +
		"local part, one '@', a domain of letters, digits and hyphens with a final alphabetic label of two " +
		"or more letters, at most 254 characters.",
	Help:     `Use a team address such as "squad-integrations@example.com".`,
	Consumer: "The coordinator and people reading the manifest cannot reach the connector's owner, and the validator rejects the manifest. Error.",
})

func checkContact(c *manifestCheck) {
	if v, ok := c.text(fContact); ok && !isEmailShaped(v.Str) {
		c.report(ruleContact.At(c.path, v.Span, "contact %s is not an e-mail address (local@domain.tld)", c.q(v)))
	}
}

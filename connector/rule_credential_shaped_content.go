package connector

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/secrets"
)

var ruleCredentialShapedContent = diag.Register(diag.Rule{
	ID: "CN010", Name: "credential-shaped-content", Severity: diag.SeverityError, Domain: "json", Secret: true,
	Short: "File contains credential-shaped content",
	Full: "A manifest, request or result holding anything shaped like a credential — a private key, a " +
		"cloud or SaaS token, a JWT, a connection string with a password, a high-entropy value assigned " +
		"to a secret-like name — fails validation outright (spec §7). Every decoded string value and " +
		"member name is scanned, so JSON escapes cannot hide a key. The finding names the kind of " +
		"credential and never repeats the value.",
	Help: "Remove the value and rotate the credential: it has been committed. Keep credentials in the " +
		"adapter host's secret store; connector files never carry them.",
	Consumer: "A credential in a manifest, request or result is committed with it and readable by anyone with the repository, and squadci resume commits results. Error: a security property breaks.",
})

const credentialWhy = "(credential-shaped content is never allowed in connector files)"

// checkCredential scans one decoded string, once, and reports at most one
// finding for it.
func checkCredential(f *jsonFile, s string, span diag.Span, key string, isName bool) {
	var ms []secrets.Match
	if isName {
		if plainName(s) {
			return
		}
		ms = secrets.Scan(s)
	} else {
		ms = secrets.ScanKeyValue(key, s)
	}
	if len(ms) == 0 {
		return
	}
	f.secret.add(span)
	what := "value"
	if isName {
		what = "member name"
	}
	f.report(ruleCredentialShapedContent.At(f.path, span, "%s looks like %s %s", what, ms[0].Phrase(), credentialWhy))
}

// scanRawCredentials covers what the tree lacks: the whole file when it did
// not parse, and the values of repeated members, which the reader drops.
// Runs inside a span already reported are skipped.
func scanRawCredentials(f *jsonFile) {
	for _, m := range secrets.Scan(string(f.doc.Src)) {
		span := diag.Span{Start: m.Start, End: m.End}
		if _, covered := f.secret.containing(span); covered {
			continue
		}
		f.secret.add(span)
		f.report(ruleCredentialShapedContent.At(f.path, span, "text looks like %s %s", m.Phrase(), credentialWhy))
	}
}

// plainName reports whether a member name is short ASCII letters only, a
// shape no credential family has; such names skip the scanner.
func plainName(s string) bool {
	if len(s) > 32 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isASCIILetter(s[i]) {
			return false
		}
	}
	return true
}

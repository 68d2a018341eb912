package connector

import "github.com/squadci/squadci/lint/diag"

var ruleVersion = diag.Register(diag.Rule{
	ID: "CN120", Name: "manifest-version", Severity: diag.SeverityError, Domain: "manifest",
	Short: "version is not a Semantic Versioning 2.0.0 version",
	Full: "version is the connector's own version in Semantic Versioning 2.0.0 form: MAJOR.MINOR.PATCH " +
		"with no leading zeros and no 'v' prefix, optionally followed by -prerelease and +build " +
		"identifiers (for example 1.4.0-rc.1+build.7).",
	Help:     `Write three numbers, for example "1.0.0".`,
	Consumer: "The coordinator's validator rejects a version that is not SemVer, so the connector cannot be registered. Error.",
})

func checkVersion(c *manifestCheck) {
	if v, ok := c.text(fVersion); ok && !isSemVer(v.Str) {
		c.report(ruleVersion.At(c.path, v.Span, "version %s is not a Semantic Versioning 2.0.0 version (MAJOR.MINOR.PATCH)", c.q(v)))
	}
}

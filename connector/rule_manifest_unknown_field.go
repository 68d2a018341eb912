package connector

import "github.com/squadci/squadci/lint/diag"

var ruleManifestUnknownField = diag.Register(diag.Rule{
	ID: "CN101", Name: "manifest-unknown-field", Severity: diag.SeverityError, Domain: "manifest",
	Short: "Manifest declares a field the schema does not define",
	Full: "The manifest schema is closed: only connectorId, schemaVersion, transport, endpointKind, " +
		"capabilities, roles, dropPath, deadlineMinutesDefault, retryCapDefault, contact and version are " +
		"allowed, spelled exactly so. Any other member is an error at its name; a near miss gets a " +
		"suggestion. Fields that say how to run something have their own rule, manifest-action-field.",
	Help: "Correct the spelling to one of the allowed fields, or delete the member.",
})

func checkUnknownFields(c *manifestCheck) {
	for _, m := range c.root.Members {
		if fieldIndex(m.Key) >= 0 || isActionField(m.Key) {
			continue
		}
		hint := ""
		if s := suggestField(m.Key); isActionField(s) {
			hint = ` (did you mean "` + s + `"? action fields are not allowed)`
		} else if s != "" {
			hint = ` (did you mean "` + s + `"?)`
		}
		c.report(ruleManifestUnknownField.At(c.path, m.KeySpan, "unknown field %s; allowed: %s%s",
			c.quote(m.Key, m.KeySpan), allowedFieldList, hint))
	}
}

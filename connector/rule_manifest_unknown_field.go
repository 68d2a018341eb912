package connector

import (
	"strconv"
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleManifestUnknownField = diag.Register(diag.Rule{
	ID: "CN101", Name: "manifest-unknown-field", Severity: diag.SeverityError, Domain: "manifest",
	Short: "Manifest declares a field the schema does not define",
	Full: "The manifest schema is closed: only connectorId, schemaVersion, transport, endpointKind, " +
		"capabilities, roles, dropPath, deadlineMinutesDefault, retryCapDefault, contact and version are " +
		"allowed, spelled exactly so. Any other member is an error at its name; a near miss of an allowed " +
		"field gets a suggestion, a near miss of an action field (\"comand\") none, since that field is refused too. Fields that say how to run something have their own rule, manifest-action-field.",
	Help: "Correct the spelling to one of the allowed fields, or delete the member.",

	Fixable: true,
	Repair: "respells a name that differs from an allowed field only in letter case (\"DropPath\" → \"dropPath\") when " +
		"that field is absent and no other member folds to it; any other unknown field is left to you.",
	Consumer: "The manifest schema is closed: the Squad coordinator's and squadci's validators reject the manifest, so the connector cannot be bound or polled. Error.",
})

func checkUnknownFields(c *manifestCheck) {
	for _, m := range c.root.Members {
		if fieldIndex(m.Key) >= 0 || isActionField(m.Key) {
			continue
		}
		d := ruleManifestUnknownField.At(c.path, m.KeySpan, "unknown field %s%s",
			c.quote(m.Key, m.KeySpan), unknownFieldHint(m.Key)).WithCandidates(allowedFields)
		if name := caseFix(c.root, m.Key); name != "" {
			d.Fix = diag.Replace(m.KeySpan, strconv.Quote(name))
		}
		c.report(d)
	}
}

// caseFix returns the allowed field that key spells in another letter case
// when that is its one meaning: the field itself is absent and no other
// member folds to it. "" otherwise.
func caseFix(obj *source.Value, key string) string {
	name := ""
	for _, f := range manifestFields {
		if strings.EqualFold(f.name, key) {
			name = f.name
		}
	}
	if name == "" || obj.Get(name) != nil {
		return ""
	}
	for _, m := range obj.Members {
		if m.Key != key && strings.EqualFold(m.Key, name) {
			return ""
		}
	}
	return name
}

// unknownFieldHint suggests the allowed field nearest to name. A name
// nearest to an action field gets no suggestion — renaming it would only
// trade this error for manifest-action-field — but is told what to do
// instead.
func unknownFieldHint(name string) string {
	s := suggestField(name)
	switch {
	case s == "":
		return "; see its candidates for the allowed fields"
	case isActionField(s):
		return ` (it looks like the action field "` + s + `", which a manifest may not have either: ` +
			`delete it and map the connectorId to a runner in the adapter's configuration)`
	}
	return ` (did you mean "` + s + `"?)`
}

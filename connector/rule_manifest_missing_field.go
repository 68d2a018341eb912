package connector

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleManifestMissingField = diag.Register(diag.Rule{
	ID: "CN103", Name: "manifest-missing-field", Severity: diag.SeverityError, Domain: "manifest",
	Short: "Manifest lacks a required field",
	Full: "Every manifest declares connectorId, schemaVersion, transport, capabilities, roles, dropPath, " +
		"deadlineMinutesDefault, retryCapDefault, contact and version; schemaVersion \"1.1\" also requires " +
		"endpointKind. Each missing field is one finding at the object's opening brace.",
	Help:     "Add the field; the walkthrough manifests in the connector guide show every field filled in.",
	Consumer: "Without the field the coordinator cannot bind or dispatch to the connector and squadci poll cannot route its requests. Error.",
})

func checkMissingFields(c *manifestCheck) {
	for i, f := range manifestFields {
		if c.field[i] != nil {
			continue
		}
		if i == fEndpointKind {
			if v := c.field[fSchemaVersion]; v != nil && v.Kind == source.KindString && v.Str == "1.1" {
				c.report(ruleManifestMissingField.At(c.path, c.rootBrace(),
					`missing required field "endpointKind" (schemaVersion "1.1" requires it)`))
			}
			continue
		}
		c.report(ruleManifestMissingField.At(c.path, c.rootBrace(), "missing required field %q", f.name))
	}
}

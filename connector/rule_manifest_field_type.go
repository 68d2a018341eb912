package connector

import (
	"strconv"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleManifestFieldType = diag.Register(diag.Rule{
	ID: "CN104", Name: "manifest-field-type", Severity: diag.SeverityError, Domain: "manifest",
	Short: "Manifest field has the wrong JSON type",
	Full: "capabilities and roles are arrays of strings; deadlineMinutesDefault and retryCapDefault are " +
		"integers (a number with a fractional part such as 60.5 is not); every other field is a string. " +
		"A value of another type is reported at the value and is not checked further.",
	Help:     `Write the value with the declared type: "1.1" (quoted) for schemaVersion, 60 (unquoted) for deadlineMinutesDefault, ["researcher"] for roles.`,
	Consumer: "The coordinator and squadci read the field as the wrong type and reject the manifest. Error.",
})

func checkFieldTypes(c *manifestCheck) {
	for i, f := range manifestFields {
		v := c.field[i]
		if v == nil {
			continue
		}
		switch f.kind {
		case kindString:
			c.typed[i] = v.Kind == source.KindString
			if !c.typed[i] {
				c.report(ruleManifestFieldType.At(c.path, v.Span, "field %q must be a string, found %s", f.name, article(v.Kind)))
			}
		case kindStringArray:
			c.typed[i] = v.Kind == source.KindArray
			if !c.typed[i] {
				c.report(ruleManifestFieldType.At(c.path, v.Span, "field %q must be an array of strings, found %s", f.name, article(v.Kind)))
				continue
			}
			for j, e := range v.Elems {
				if e.Kind != source.KindString {
					c.report(ruleManifestFieldType.At(c.path, e.Span, "%s[%d] must be a string, found %s", f.name, j, article(e.Kind)))
				}
			}
		case kindInteger:
			c.typed[i] = v.Kind == source.KindNumber && integerLiteral(v.Str)
			switch {
			case v.Kind != source.KindNumber:
				c.report(ruleManifestFieldType.At(c.path, v.Span, "field %q must be an integer, found %s", f.name, article(v.Kind)))
			case !integralValue(v.Str):
				c.report(ruleManifestFieldType.At(c.path, v.Span, "field %q must be an integer, found the number %s", f.name, cutText(v.Str)))
			}
		}
	}
	fillManifest(c)
}

// fillManifest copies the well-typed fields into the Manifest.
func fillManifest(c *manifestCheck) {
	m := c.m
	for i, dst := range [...]*string{
		fConnectorID: &m.ConnectorID, fSchemaVersion: &m.SchemaVersion, fTransport: &m.Transport,
		fEndpointKind: &m.EndpointKind, fDropPath: &m.DropPath, fContact: &m.Contact, fVersion: &m.Version,
	} {
		if dst != nil && c.typed[i] {
			*dst = c.field[i].Str
		}
	}
	m.Capabilities = stringElems(c, fCapabilities)
	m.Roles = stringElems(c, fRoles)
	m.DeadlineMinutesDefault = intField(c, fDeadline)
	m.RetryCapDefault = intField(c, fRetryCap)
}

func stringElems(c *manifestCheck, i int) []string {
	if !c.typed[i] {
		return nil
	}
	out := make([]string, 0, len(c.field[i].Elems))
	for _, e := range c.field[i].Elems {
		if e.Kind == source.KindString {
			out = append(out, e.Str)
		}
	}
	return out
}

func intField(c *manifestCheck, i int) int {
	if !c.typed[i] {
		return 0
	}
	n, err := strconv.Atoi(c.field[i].Str)
	if err != nil {
		return 0
	}
	return n
}

// cutText shortens unquoted ASCII text (a number literal) for a message.
func cutText(s string) string {
	if len(s) > maxQuoted {
		return s[:maxQuoted] + "…"
	}
	return s
}

package squadstate

import (
	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/lint/diag"
)

var ruleBindingManifest = diag.Register(diag.Rule{
	ID: "SS303", Name: "binding-manifest", Severity: diag.SeverityError, Domain: "connector-bindings",
	Short: "a binding's manifest is missing, invalid, or does not allow the binding",
	Full: "Manifest names an existing, valid connector manifest whose connectorId equals Connector, whose " +
		"schemaVersion is 1.1 (role modes need 1.1; a 1.0 manifest supports only the manual single-role " +
		"flow) and whose roles allowlist contains Role (rule 3).",
	Help: "point Manifest at the connector's manifest, fix that manifest's own findings, and keep Connector and Role within what it declares",

	Consumer: "the connector cannot be invoked for the role: the manifest does not exist, is invalid, or does not allow it",
	Since:    "Squad Connector Bindings (squadstate.md, rule 3; connector.md manifest 1.1)",
})

func checkBindingManifests(c *checker, h *hveRoot) {
	d := h.team.doc
	byPath := map[string]*connector.Manifest{}
	for _, m := range c.repo.Manifests {
		byPath[m.Path] = m
	}
	for _, b := range h.bindingsOf() {
		m := byPath[b.manifestText]
		switch {
		case isNone(b.manifestText):
			c.report(ruleBindingManifest.At(d.path, b.manifest.Span, "the binding names no manifest"))
			continue
		case m == nil && c.exists(b.manifestText):
			c.report(ruleBindingManifest.At(d.path, b.manifest.Span, "%s is not a connector manifest squadci reads (manifests live under connectors/ or paths.include)", quote(b.manifestText)))
			continue
		case m == nil:
			c.report(ruleBindingManifest.At(d.path, b.manifest.Span, "manifest %s does not exist", quote(b.manifestText)))
			continue
		case c.repo.InvalidManifests[m.Path]:
			c.report(withManifest(ruleBindingManifest.At(d.path, b.manifest.Span, "manifest %s is not valid: fix its own findings first", m.Path), m, ""))
		}
		if m.ConnectorID != b.connText {
			c.report(withManifest(ruleBindingManifest.At(d.path, b.connector.Span, "Connector %s differs from the connectorId %s of %s", quote(b.connText), quote(m.ConnectorID), manifestAt(m, "connectorId")), m, "connectorId"))
		}
		if m.SchemaVersion != "1.1" {
			c.report(withManifest(ruleBindingManifest.At(d.path, b.manifest.Span, "%s is schemaVersion %s; role modes need 1.1", manifestAt(m, "schemaVersion"), quote(m.SchemaVersion)), m, "schemaVersion"))
		}
		if !isOneOf(b.roleText, m.Roles) {
			c.report(withManifest(ruleBindingManifest.At(d.path, b.role.Span, "role %s is not in the roles allowlist %s of %s", quote(b.roleText), quoteList(m.Roles, 6), manifestAt(m, "roles")), m, "roles"))
		}
	}
}

// manifestAt names a manifest field's line ("connectors/x.json:3").
func manifestAt(m *connector.Manifest, field string) string {
	if m.Doc == nil || m.Doc.Root == nil {
		return m.Path
	}
	v := m.Doc.Root.Get(field)
	if v == nil {
		return m.Path
	}
	return m.Path + ":" + itoa(m.Doc.Lines().Position(v.Span.Start).Line)
}

// withManifest sets the finding's related position to the manifest's field
// (the whole manifest when field is "" or absent): the finding is about
// that file as much as about the binding.
func withManifest(d diag.Diagnostic, m *connector.Manifest, field string) diag.Diagnostic {
	span := diag.Span{}
	if m.Doc != nil {
		span.End = len(m.Doc.Src)
		if v := m.Doc.Root.Get(field); field != "" && v != nil {
			span = v.Span
		}
	}
	d.Related = &diag.Position{Path: m.Path, Span: span}
	return d
}

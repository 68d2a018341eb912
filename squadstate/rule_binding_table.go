package squadstate

import (
	"strings"

	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/lint/diag"
)

var ruleBindingTable = diag.Register(diag.Rule{
	ID: "SS301", Name: "binding-table", Severity: diag.SeverityError, Domain: "connector-bindings",
	Short: "the Connector Bindings table has the wrong columns or a bad binding id",
	Full: "team.md's ## Connector Bindings table has exactly the columns | Binding | Member Name | Mode | " +
		"Role | Connector | Manifest | Default Execution | Aligned To | Deliverable Root |, in order (rule 1). " +
		"Binding ids are unique and have role-id syntax (^[a-z][a-z0-9]*(-[a-z0-9]+)*$): requests and pending " +
		"state pin them.",
	Help: "restore the nine-column header; give each binding a unique lower-kebab id",

	Consumer: "the coordinator and squadci resume cannot read the bindings; requests and pending state pin binding ids",
	Since:    "Squad Connector Bindings (squadstate.md, rule 1; manifest schemaVersion 1.1)",
})

func checkBindingTable(c *checker, h *hveRoot) {
	r := h.team
	d := r.doc
	switch r.bindShape {
	case headerMissing:
		c.report(ruleBindingTable.At(d.path, r.bindHeading.Span, "## Connector Bindings has no table"))
		return
	case headerWrong:
		checkHeader(c, ruleBindingTable, d, r.bindTable, bindingColumns, "Connector Bindings")
		return
	}
	checkRowWidths(c, ruleBindingTable, d, r.bindTable, "Connector Bindings")
	first := map[string]*binding{}
	for _, b := range r.bindings {
		switch {
		case b.idText == "":
			c.report(ruleBindingTable.At(d.path, b.id.Span, "the binding has no id"))
		case !connector.IsKebabID(b.idText):
			c.report(ruleBindingTable.At(d.path, b.id.Span, "binding id %s does not have role-id syntax (%s); try %q",
				quote(b.idText), connector.KebabPattern, strings.Trim(slugify(b.idText), "0123456789-")))
		case first[b.idText] != nil:
			c.report(ruleBindingTable.At(d.path, b.id.Span, "binding id %s repeats the row at %s", quote(b.idText), d.at(first[b.idText].row.Span.Start)))
		default:
			first[b.idText] = b
		}
	}
}

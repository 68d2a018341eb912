package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/source"
)

// bindingColumns is the Connector Bindings header (squadstate.md), in order.
var bindingColumns = []string{
	"Binding", "Member Name", "Mode", "Role", "Connector", "Manifest",
	"Default Execution", "Aligned To", "Deliverable Root",
}

// binding is one Connector Bindings row.
type binding struct {
	row                                    *source.Row
	id, member, mode, role, connector      source.Cell
	manifest, def, aligned, root           source.Cell
	idText, memberText, modeText, roleText string
	connText, manifestText, defText        string
	alignedText, rootText                  string
}

func readBindings(t *source.Table) []*binding {
	out := make([]*binding, 0, len(t.Rows))
	for _, r := range t.Rows {
		b := &binding{
			row: r, id: r.Cell(0), member: r.Cell(1), mode: r.Cell(2), role: r.Cell(3), connector: r.Cell(4),
			manifest: r.Cell(5), def: r.Cell(6), aligned: r.Cell(7), root: r.Cell(8),
		}
		b.idText, b.memberText = unbacktick(b.id.Text), strings.TrimSpace(b.member.Text)
		b.modeText, b.roleText = unbacktick(b.mode.Text), unbacktick(b.role.Text)
		b.connText, b.defText = unbacktick(b.connector.Text), unbacktick(b.def.Text)
		b.manifestText = strings.TrimPrefix(unbacktick(b.manifest.Text), "./")
		b.alignedText, b.rootText = unbacktick(b.aligned.Text), unbacktick(b.root.Text)
		out = append(out, b)
	}
	return out
}

// bindingsOf is nil-safe access to a root's bindings.
func (h *hveRoot) bindingsOf() []*binding {
	if h.team == nil {
		return nil
	}
	return h.team.bindings
}

// bindingByID returns the row with this binding id, or nil.
func (h *hveRoot) bindingByID(id string) *binding {
	for _, b := range h.bindingsOf() {
		if b.idText == id {
			return b
		}
	}
	return nil
}

// bindingByMember returns the rows naming this Member Name.
func (h *hveRoot) bindingsByMember(name string) []*binding {
	var out []*binding
	for _, b := range h.bindingsOf() {
		if b.memberText == name {
			out = append(out, b)
		}
	}
	return out
}

// addedRole reports whether role is added by an add binding.
func (h *hveRoot) addedRole(role string) *binding {
	for _, b := range h.bindingsOf() {
		if b.modeText == "add" && b.roleText == role {
			return b
		}
	}
	return nil
}

// rowAt names a binding row's position for cross-file messages.
func (h *hveRoot) rowAt(b *binding) string { return h.team.doc.at(b.row.Span.Start) }

// governanceRoles are the seats HVE keeps internal: coordinators, the
// Scribe, and the council and its lenses. No binding may target them and
// an added role may not align to them.
var governanceRoles = map[string]bool{
	"coordinator": true, "squad-coordinator": true, "federation-coordinator": true, "scribe": true,
	"council": true, "architect": true, "security": true, "cost-manager": true, "product-owner": true, "rai": true,
}

// connectorPrimary is the Primary of a connector-backed member.
const connectorPrimary = "Squad Connector"

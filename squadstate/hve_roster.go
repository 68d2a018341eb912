package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/source"
)

// roster is team.md: the Members table and the Connector Bindings table.
type roster struct {
	doc     *doc
	heading *source.Heading // "## Members" (or the legacy "# Members")
	legacyH bool            // the heading is the legacy H1 "# Members"
	table   *source.Table   // the first table under the heading
	shape   headerShape
	members []*member

	bindHeading *source.Heading
	bindTable   *source.Table
	bindShape   headerShape
	bindings    []*binding
}

// headerShape says how a table's header compares with the canonical one.
type headerShape uint8

const (
	headerMissing headerShape = iota // no table under the heading
	headerWrong
	headerLegacy
	headerNewer // the profile's columns and more, in a squad newer than squadci knows
	headerOK
)

// member is one Members row.
type member struct {
	row                                       *source.Row
	role, name, primary, alternates, cue      source.Cell
	invocation, tier, root                    source.Cell
	roleText, nameText, primaryText, tierText string
	rootText                                  string
	ragged                                    bool     // more or fewer cells than the header: values may be shifted
	alts, agents                              []string // Alternates; Primary then Alternates ("—" dropped)
}

// alternateNames lists the Alternate Agents entries.
func (m *member) alternateNames() []string { return m.alts }

// agentNames lists Primary and Alternates, "—" dropped.
func (m *member) agentNames() []string { return m.agents }

func parseRoster(d *doc) *roster {
	r := &roster{doc: d}
	md := d.markdown()
	r.heading = md.FindHeading(2, "Members")
	if r.heading == nil {
		if h := md.FindHeading(1, "Members"); h != nil {
			r.heading, r.legacyH = h, true
		}
	}
	if r.heading != nil {
		r.table, r.shape = firstTable(md, r.heading, nil, nil)
		if r.table != nil && knownRoster(r.table.HeaderTexts()) {
			r.shape = headerOK // until judgeBy compares it with the root's profile
			r.members = readMembers(r.table)
		}
	}
	r.bindHeading = md.FindHeading(2, "Connector Bindings")
	if r.bindHeading != nil {
		r.bindTable, r.bindShape = firstTable(md, r.bindHeading, bindingColumns, nil)
		if r.bindShape == headerOK {
			r.bindings = readBindings(r.bindTable)
		}
	}
	return r
}

// knownRoster reports whether a header is the roster of some release.
func knownRoster(got []string) bool {
	for _, p := range hveProfiles {
		if equalStrings(p.roster, got) {
			return true
		}
	}
	return false
}

// judgeBy marks a known roster header that is not the profile's as
// legacy; in a squad newer than squadci knows, a header holding the
// profile's columns and more is read by name.
func (r *roster) judgeBy(p *hveProfile, newer bool) {
	switch got := r.table.HeaderTexts(); {
	case r.shape == headerOK && !equalStrings(got, p.roster):
		r.shape = headerLegacy
	case r.shape == headerWrong && newer && len(missingColumns(got, p.roster)) == 0:
		r.shape = headerNewer
		r.members = readMembers(r.table)
	}
}

// firstTable finds the first table in h's section and compares its header
// with want (or the legacy form).
func firstTable(md *source.Markdown, h *source.Heading, want, legacy []string) (*source.Table, headerShape) {
	ts := md.TablesIn(h.Span.End, md.SectionEnd(h))
	if len(ts) == 0 {
		return nil, headerMissing
	}
	t := ts[0]
	switch got := t.HeaderTexts(); {
	case want != nil && equalStrings(got, want):
		return t, headerOK
	case legacy != nil && equalStrings(got, legacy):
		return t, headerLegacy
	}
	return t, headerWrong
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// columnIndex maps header texts to their positions.
func columnIndex(t *source.Table) map[string]int {
	idx := make(map[string]int, len(t.Header.Cells))
	for i, c := range t.Header.Cells {
		if _, dup := idx[c.Text]; !dup {
			idx[c.Text] = i
		}
	}
	return idx
}

func readMembers(t *source.Table) []*member {
	idx := columnIndex(t)
	cell := func(r *source.Row, name string) source.Cell {
		i, ok := idx[name]
		if !ok {
			return source.Cell{Span: r.Cell(len(r.Cells)).Span}
		}
		return r.Cell(i)
	}
	out := make([]*member, 0, len(t.Rows))
	for _, r := range t.Rows {
		m := &member{
			row: r, role: cell(r, "Role"), name: cell(r, "Member Name"), primary: cell(r, "Agent Name (Primary)"),
			alternates: cell(r, "Alternate Agents"), cue: cell(r, "Selection Cue"), invocation: cell(r, "Invocation"),
			tier: cell(r, "Model Tier"), root: cell(r, "Deliverable Root"),
		}
		m.roleText, m.nameText = strings.TrimSpace(m.role.Text), strings.TrimSpace(m.name.Text)
		m.primaryText, m.tierText = strings.TrimSpace(m.primary.Text), strings.TrimSpace(m.tier.Text)
		m.rootText = unbacktick(m.root.Text)
		m.ragged = len(r.Cells) != len(t.Header.Cells)
		m.alts = splitList(m.alternates.Text)
		m.agents = m.alts
		if !isNone(m.primaryText) {
			m.agents = append([]string{m.primaryText}, m.alts...)
		}
		out = append(out, m)
	}
	return out
}

// roles returns the distinct roster roles, in order.
func (r *roster) roles() []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range r.members {
		if m.roleText != "" && !seen[m.roleText] {
			seen[m.roleText] = true
			out = append(out, m.roleText)
		}
	}
	return out
}

// hasRole reports whether a Members row carries role.
func (r *roster) hasRole(role string) bool {
	for _, m := range r.members {
		if m.roleText == role {
			return true
		}
	}
	return false
}

// withRole returns the Members rows of a role.
func (r *roster) withRole(role string) []*member {
	var out []*member
	for _, m := range r.members {
		if m.roleText == role {
			out = append(out, m)
		}
	}
	return out
}

// tableAt names the Members table's position for cross-file messages.
func (r *roster) tableAt() string {
	if r.table != nil {
		return r.doc.at(r.table.Span.Start)
	}
	return r.doc.path
}

// agentInfo is what the roster says about one agent name.
type agentInfo struct {
	primaryRoles, altRoles []string // roles whose row has it as Primary / Alternate
	roots                  []string // Deliverable Roots of those rows
}

// agentIndex maps every Primary and Alternate to its rows, built once.
func (h *hveRoot) agentIndex() map[string]*agentInfo {
	if h.agentIx != nil {
		return h.agentIx
	}
	h.agentIx = map[string]*agentInfo{}
	h.slugIx = map[string]string{}
	for _, m := range h.rosterMembers() {
		for i, a := range m.agentNames() {
			ai := h.agentIx[a]
			if ai == nil {
				ai = &agentInfo{}
				h.agentIx[a] = ai
				if s := slugify(a); s != a {
					if _, dup := h.slugIx[s]; !dup {
						h.slugIx[s] = a
					}
				}
			}
			if i == 0 && a == m.primaryText {
				ai.primaryRoles = append(ai.primaryRoles, m.roleText)
			} else {
				ai.altRoles = append(ai.altRoles, m.roleText)
			}
			ai.roots = append(ai.roots, m.rootText)
		}
	}
	return h.agentIx
}

// slugAgent returns the roster agent whose slug is s ("" for none).
func (h *hveRoot) slugAgent(s string) string {
	h.agentIndex()
	return h.slugIx[s]
}

// wellFormed returns the Members rows whose cells line up with the header;
// value checks skip ragged rows, which SS106 reports once.
func (h *hveRoot) wellFormed() []*member {
	var out []*member
	for _, m := range h.rosterMembers() {
		if !m.ragged {
			out = append(out, m)
		}
	}
	return out
}

// rosterMembers is nil-safe access to a root's members.
func (h *hveRoot) rosterMembers() []*member {
	if h.team == nil {
		return nil
	}
	return h.team.members
}

package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleCeremonyFields = diag.Register(diag.Rule{
	ID: "SS245", Name: "squad-ceremony-fields", Severity: diag.SeverityWarning, Domain: "squad",
	Short: "a ceremony's Field/Value table has an unknown value or no agenda",
	Full: "Each ## ceremony in ceremonies.md has a | Field | Value | table and an **Agenda:** list. Trigger is " +
		"auto or manual; When is before or after (the shipped template's scheduled retrospective uses a " +
		"cadence, so daily, weekly, biweekly and monthly are accepted too); Enabled is ✅ yes or ❌ no (the " +
		"template's bare yes/no is accepted); Time budget is focused or extended.",
	Help: "use the listed values and add an **Agenda:** list",

	Consumer: "the coordinator runs ceremonies from these fields: an unknown value is one it does not " +
		"act on, and a ceremony without an agenda has nothing to run",
	Since: "Squad CLI 0.10.0 / SDK 0.13.1",
})

var ruleCeremonyFacilitator = diag.Register(diag.Rule{
	ID: "SS246", Name: "squad-ceremony-facilitator", Severity: diag.SeverityWarning, Domain: "squad",
	Short: "a ceremony's Facilitator is not lead or a member",
	Full:  "The Facilitator is lead or a Members Name (ignoring case); a retired member cannot run a ceremony.",
	Help:  "name a current member, or lead",

	Consumer: "the ceremony has no facilitator the coordinator can spawn",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

var ceremonyValues = map[string][]string{
	"Trigger":     {"auto", "manual"},
	"When":        {"before", "after", "daily", "weekly", "biweekly", "monthly"},
	"Enabled":     {"✅ yes", "❌ no", "yes", "no"},
	"Time budget": {"focused", "extended"},
}

func checkCeremonies(c *checker, t *squadTeam) {
	d := c.doc(squadDir + "ceremonies.md")
	if d == nil {
		return
	}
	md := d.markdown()
	for _, h := range md.Headings {
		if h.Level != 2 {
			continue
		}
		end := md.SectionEnd(h)
		var table *source.Table
		for _, tb := range md.TablesIn(h.Span.End, end) {
			if tb.Column("Field") == 0 && tb.Column("Value") == 1 {
				table = tb
				break
			}
		}
		if table == nil {
			if len(md.TablesIn(h.Span.End, end)) > 0 {
				c.report(ruleCeremonyFields.At(d.path, h.Span, "ceremony %s has no | Field | Value | table", quote(h.Text)))
			}
			continue
		}
		checkCeremonyTable(c, t, d, table)
		if !strings.Contains(string(d.src[h.Span.End:end]), "**Agenda:**") {
			c.report(ruleCeremonyFields.At(d.path, h.Span, "ceremony %s has no **Agenda:** list", quote(h.Text)))
		}
	}
}

func checkCeremonyTable(c *checker, t *squadTeam, d *doc, tb *source.Table) {
	for _, r := range tb.Rows {
		field := strings.Trim(strings.TrimSpace(r.Cell(0).Text), "*")
		value := strings.TrimSpace(r.Cell(1).Text)
		if vals, ok := ceremonyValues[field]; ok && !isOneOf(normEmoji(value), normAll(vals)) {
			c.report(ruleCeremonyFields.At(d.path, r.Cell(1).Span, "%s is %s; want one of %s", field, quote(value), strings.Join(vals, ", ")))
		}
		if field == "Facilitator" && len(t.members()) > 0 && !strings.EqualFold(value, "lead") && !hasMemberNamed(t, value) {
			c.report(ruleCeremonyFacilitator.At(d.path, r.Cell(1).Span, "Facilitator %s is not lead or a member of %s", quote(value), squadDir+"team.md"))
		}
	}
}

func normAll(vs []string) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = normEmoji(v)
	}
	return out
}

func hasMemberNamed(t *squadTeam, name string) bool {
	for _, m := range t.members() {
		if strings.EqualFold(m.nameText, name) {
			return true
		}
	}
	return false
}

package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleMembersHeading = diag.Register(diag.Rule{
	ID: "SS210", Name: "squad-members-heading", Severity: diag.SeverityWarning, Domain: "squad",
	Short: "team.md has no single \"## Members\" heading",
	Full: "The four Squad workflows and squad doctor look for the literal line \"## Members\"; the workflows " +
		"also accept \"## Team Roster\", but the coordinator writes ## Members. Exactly one such heading keeps " +
		"every reader on the same table.",
	Help: "rename the roster heading to \"## Members\" and keep only one",

	Consumer: "squad doctor warns and the Squad workflows find no roster: they look for the literal ## Members line",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

var ruleMembersHeader = diag.Register(diag.Rule{
	ID: "SS211", Name: "squad-members-header", Severity: diag.SeverityError, Domain: "squad",
	Short: "the Members table header is not | Name | Role | Charter | Status |",
	Full: "Readers take the first table under ## Members and index its cells by position: Name, Role, " +
		"Charter, Status, in that order.",
	Help: "restore the header | Name | Role | Charter | Status |",

	Consumer: "the Squad shell and workflows index the Members cells by position and misread every row",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

func checkMembersHeading(c *checker, t *squadTeam) {
	r := t.roster
	if r == nil {
		return
	}
	d := r.doc
	md := d.markdown()
	var members []*source.Heading
	for _, h := range md.Headings {
		if h.Level == 2 && h.Text == "Members" {
			members = append(members, h)
		}
	}
	switch {
	case len(members) > 1:
		c.report(ruleMembersHeading.At(d.path, members[1].Span, "a second \"## Members\" heading (the first is at %s); readers take only one", d.at(members[0].Span.Start)))
	case r.heading == nil:
		c.report(ruleMembersHeading.At(d.path, d.head(), "team.md has no \"## Members\" heading"))
	case r.heading.Text != "Members":
		c.report(ruleMembersHeading.At(d.path, r.heading.Span, "%s is accepted by the workflows, but the roster heading is \"## Members\"", quote("## "+r.heading.Text)))
	}
}

func checkMembersHeader(c *checker, t *squadTeam) {
	r := t.roster
	if r == nil || r.heading == nil {
		return
	}
	switch r.shape {
	case headerMissing:
		c.report(ruleMembersHeader.At(r.doc.path, r.heading.Span, "the roster heading has no table (| %s |)", strings.Join(membersHeader, " | ")))
	case headerWrong:
		checkHeader(c, ruleMembersHeader, r.doc, r.table, membersHeader, "Members")
	}
}

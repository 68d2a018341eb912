package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleMemberDuplicate = diag.Register(diag.Rule{
	ID: "SS217", Name: "squad-member-duplicate", Severity: diag.SeverityError, Domain: "squad",
	Short: "two Members share a name or a label slug",
	Full: "Names are unique ignoring case, and so are their GitHub label slugs (squad:<slug>): \"Neo\" and " +
		"\"neo\", or \"Tank-Op\" and \"Tank Op\", collide on directories, registry keys and labels.",
	Help: "rename one of the members (and its directory and registry key)",

	Consumer: "the members collide on agent directories, registry keys and GitHub labels",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

var ruleMemberLabel = diag.Register(diag.Rule{
	ID: "SS218", Name: "squad-member-label-unsafe", Severity: diag.SeverityWarning, Domain: "squad",
	Short: "a member name's label slug differs from its lowercased name",
	Full: "Labels are squad:<slug> (lowercase, runs of other characters become -), but squad-issue-assign.yml " +
		"matches the label suffix against the lowercased name. A name like \"Steve Rogers\" gets the label " +
		"squad:steve-rogers, which never matches \"steve rogers\": issues are never assigned.",
	Help: "prefer single-token alphanumeric names (SteveRogers), or adjust the workflow",

	Consumer: "squad-issue-assign.yml never matches the member's label, so issues are never assigned to it",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

func checkMemberNames(c *checker, t *squadTeam) {
	d := func() *doc { return t.roster.doc }
	byName, bySlug := map[string]*castMember{}, map[string]*castMember{}
	for _, m := range t.members() {
		if m.nameText == "" {
			continue
		}
		lower, slug := strings.ToLower(m.nameText), slugify(m.nameText)
		switch {
		case byName[lower] != nil:
			c.report(ruleMemberDuplicate.At(d().path, m.name.Span, "member %s repeats %s at %s (names are compared ignoring case)",
				quote(m.nameText), quote(byName[lower].nameText), d().at(byName[lower].row.Span.Start)))
		case bySlug[slug] != nil && slug != "":
			c.report(ruleMemberDuplicate.At(d().path, m.name.Span, "member %s has the label squad:%s, like %s at %s",
				quote(m.nameText), slug, quote(bySlug[slug].nameText), d().at(bySlug[slug].row.Span.Start)))
		}
		byName[lower] = m
		if bySlug[slug] == nil {
			bySlug[slug] = m
		}
		if builtinNamed(m.nameText) == nil && !m.isHuman() && !m.isReserved() && slug != lower {
			c.report(ruleMemberLabel.At(d().path, m.name.Span, "member %s gets the label squad:%s, which squad-issue-assign.yml compares with %q and never matches",
				quote(m.nameText), slug, lower))
		}
	}
}

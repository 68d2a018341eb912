package squadstate

import (
	"regexp"
	"sync"

	"github.com/squadci/squadci/lint/diag"
)

var ruleIssueLabel = diag.Register(diag.Rule{
	ID: "SS244", Name: "squad-issue-label", Severity: diag.SeverityWarning, Domain: "squad",
	Short: "an ## Issue Routing label matches no member's label",
	Full: "Labels under ## Issue Routing are squad, squad:{member}, squad:{name}, squad:copilot, or squad: " +
		"plus a member's slug (lowercase, runs of other characters as -). squad:Flight never matches the " +
		"label the workflows create (squad:flight).",
	Help: "write the label with the member's slug",

	Consumer: "the Squad workflows create squad:<slug> labels, so this label never matches a member",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

var labelRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("squad:[^\\s`|,)]+")
})

func checkIssueLabels(c *checker, t *squadTeam) {
	d := c.doc(squadDir + "routing.md")
	if d == nil {
		return
	}
	md := d.markdown()
	h := md.FindHeading(2, "Issue Routing")
	if h == nil || len(t.members()) == 0 {
		return // a fresh squad has only the template's placeholder labels
	}
	ok := map[string]bool{"squad:{member}": true, "squad:{name}": true, "squad:copilot": true}
	for _, m := range t.members() {
		ok["squad:"+slugify(m.nameText)] = true
	}
	body := d.src[h.Span.End:md.SectionEnd(h)]
	for _, loc := range labelRE().FindAllIndex(body, -1) {
		label := string(body[loc[0]:loc[1]])
		if ok[label] {
			continue
		}
		span := diag.Span{Start: h.Span.End + loc[0], End: h.Span.End + loc[1]}
		c.report(ruleIssueLabel.At(d.path, span, "label %s matches no member's slug (labels are squad:<slug>, e.g. squad:%s)", quote(label), slugify(label[len("squad:"):])))
	}
}

package squadstate

import (
	"regexp"
	"sync"

	"github.com/squadci/squadci/lint/diag"
)

var ruleCodingAgent = diag.Register(diag.Rule{
	ID: "SS222", Name: "squad-coding-agent", Severity: diag.SeverityError, Domain: "squad",
	Short: "the ## Coding Agent section lacks its auto-assign flag or @copilot row",
	Full: "A ## Coding Agent section holds exactly one <!-- copilot-auto-assign: true --> or " +
		"<!-- copilot-auto-assign: false --> comment, which the workflows match literally, and the row " +
		"| @copilot | Coding Agent | — | 🤖 Coding Agent |.",
	Help: "write the comment with true or false, and the canonical @copilot row",

	Consumer: "the Squad workflows match the auto-assign comment and the @copilot row literally: the " +
		"coding agent is never assigned",
	Since: "Squad CLI 0.10.0 / SDK 0.13.1",
})

var autoAssignRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^copilot-auto-assign:\s*(true|false)$`)
})

func checkCodingAgent(c *checker, t *squadTeam) {
	if t.roster == nil || t.roster.codingH == nil {
		return
	}
	d := t.roster.doc
	md := d.markdown()
	h := t.roster.codingH
	end := md.SectionEnd(h)
	n := 0
	for _, cm := range md.Comments {
		if cm.Span.Start < h.Span.End || cm.Span.Start >= end || len(cm.Text) < 19 || cm.Text[:19] != "copilot-auto-assign" {
			continue
		}
		if !autoAssignRE().MatchString(cm.Text) {
			c.report(ruleCodingAgent.At(d.path, cm.Span, "the auto-assign flag must read <!-- copilot-auto-assign: true --> or <!-- copilot-auto-assign: false -->"))
		}
		if n++; n == 2 {
			c.report(ruleCodingAgent.At(d.path, cm.Span, "a second copilot-auto-assign comment; keep exactly one"))
		}
	}
	if n == 0 {
		c.report(ruleCodingAgent.At(d.path, h.Span, "## Coding Agent has no <!-- copilot-auto-assign: true|false --> comment"))
	}
	for _, tb := range md.TablesIn(h.Span.End, end) {
		for _, r := range tb.Rows {
			if r.Cell(0).Text == "@copilot" {
				if r.Cell(1).Text != "Coding Agent" || !isNone(r.Cell(2).Text) || normEmoji(r.Cell(3).Text) != normEmoji("🤖 Coding Agent") {
					c.report(ruleCodingAgent.At(d.path, r.Span, "the @copilot row must read | @copilot | Coding Agent | — | 🤖 Coding Agent |"))
				}
				return
			}
		}
	}
	c.report(ruleCodingAgent.At(d.path, h.Span, "## Coding Agent has no | @copilot | Coding Agent | — | 🤖 Coding Agent | row"))
}

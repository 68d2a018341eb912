package squadstate

import (
	"regexp"
	"strings"
	"sync"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleRoutingMissing = diag.Register(diag.Rule{
	ID: "SS241", Name: "squad-routing-table-missing", Severity: diag.SeverityWarning, Domain: "squad",
	Short: ".squad/routing.md has no routing table",
	Full: "routing.md holds \"## Routing Table\" (| Work Type | Route To | Examples |), or the cast/preset " +
		"\"## Work Type → Agent\" (| Work Type | Primary | Secondary |), or the fallback \"## Work Type Rules\". " +
		"Without one, the coordinator has nothing to route by.",
	Help: "restore the ## Routing Table section from the template",

	Consumer: "the coordinator has nothing to route by",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

var ruleRouteTarget = diag.Register(diag.Rule{
	ID: "SS242", Name: "squad-route-target-unknown", Severity: diag.SeverityError, Domain: "squad",
	Short: "a routing target is not a member",
	Full: "Each target cell of a routing table (Route To, Agent, Primary, Secondary, Primary Agent, Fallback, " +
		"Owner; and the Module Ownership table's Primary and Secondary) lists one or more members, split on " +
		"commas, semicolons, +, &, /, → and the words and/or/then. A listed name resolves the way the Squad " +
		"SDK's findMember does (ralph triage, and the stale-route filter of team capabilities): markdown, " +
		"emoji, @ and parenthetical notes removed, case ignored, then a member whose Name or Role words " +
		"contain the name's words or are contained in them; annotations such as primary, secondary and " +
		"backup do not matter. Built-ins (Scribe, Ralph, Rai, Fact Checker), @copilot, coordinator and the " +
		"fan-out targets (team, all, everyone) also resolve. Only a name that matches no member is reported: " +
		"a route to a removed member dispatches nothing.",
	Help: "route to a current member's Name, or to coordinator",

	Consumer: "the coordinator dispatches nothing for the route: the target is not a member",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

var ruleRoutePlaceholder = diag.Register(diag.Rule{
	ID: "SS243", Name: "squad-route-placeholder", Severity: diag.SeverityWarning, Domain: "squad",
	Short: "a routing target is still a template placeholder",
	Full: "The routing template's {Name} placeholders are filled in when the team is cast; once Members has " +
		"rows a placeholder routes nowhere. A freshly initialised squad keeps them.",
	Help: "replace {Name} with the member who owns that work",

	Consumer: "the placeholder routes nowhere once the team is cast",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

// routingHeadings are the routing headings: the template's, the cast and
// preset one, and the fallback the CLI's cast writes.
var routingHeadings = sync.OnceValue(func() []*regexp.Regexp {
	return []*regexp.Regexp{
		regexp.MustCompile(`^Routing Table$`),
		regexp.MustCompile(`^Work Type (→|->) Agent$`),
		regexp.MustCompile(`^Work Type Rules$`),
	}
})

func isRoutingHeading(text string) bool {
	for _, re := range routingHeadings() {
		if re.MatchString(text) {
			return true
		}
	}
	return false
}

// routeColumns are the header cells whose column names members (the SDK's
// markdown-migration set, with the cast's Primary Agent and Fallback).
var routeColumns = []string{"Route To", "Agent", "Primary", "Secondary", "Owner", "Primary Agent", "Fallback"}

// moduleColumns name the owners in a Module Ownership table, which the
// SDK's triage and team capabilities resolve to members too.
var moduleColumns = []string{"Primary", "Secondary", "Owner"}

func checkCastRouting(c *checker, t *squadTeam) {
	d := c.doc(squadDir + "routing.md")
	if d == nil {
		return
	}
	md := d.markdown()
	judge := t.roster != nil && t.roster.shape == headerOK // the roster must be readable to judge targets (SS211 otherwise)
	var names routeNames
	if judge {
		names = t.routeNames()
	}
	found := false
	for _, h := range md.Headings {
		switch {
		case h.Level != 2:
		case h.Text == "Module Ownership":
			for _, tb := range md.TablesIn(h.Span.End, md.SectionEnd(h)) {
				if judge && (tb.Column("Module") >= 0 || tb.Column("Path") >= 0) {
					checkRouteTargets(c, t, names, d, tb, moduleColumns)
				}
			}
		case isRoutingHeading(h.Text):
			for _, tb := range md.TablesIn(h.Span.End, md.SectionEnd(h)) {
				if tb.Column("Work Type") < 0 {
					continue
				}
				found = true
				if judge {
					checkRouteTargets(c, t, names, d, tb, routeColumns)
				}
			}
		}
	}
	if !found {
		c.report(ruleRoutingMissing.At(d.path, d.head(), "routing.md has no \"## Routing Table\" (with a Work Type column) or \"## Work Type → Agent\" table"))
	}
}

func checkRouteTargets(c *checker, t *squadTeam, names routeNames, d *doc, tb *source.Table, columns []string) {
	var list []string
	for _, m := range t.members() {
		list = append(list, m.nameText)
	}
	for _, name := range columns {
		col := tb.Column(name)
		if col < 0 {
			continue
		}
		for _, r := range tb.Rows {
			cell := r.Cell(col)
			for _, target := range routeTargets(cell.Text) {
				span := targetSpan(d, cell, target)
				switch {
				case strings.HasPrefix(target.text, "{") && strings.HasSuffix(target.text, "}"):
					if len(t.members()) > 0 {
						c.report(ruleRoutePlaceholder.At(d.path, span, "route target %s is a template placeholder", quote(target.text)))
					}
				case !names.resolves(target.words):
					c.report(ruleRouteTarget.At(d.path, span, "route target %s is not a member of %s%s", quote(target.text), squadDir+"team.md", diag.DidYouMean(target.text, list)))
				}
			}
		}
	}
}

// targetSpan is the list item's span within the cell, or the whole cell
// when the cell's text is not its source verbatim (an escaped \|).
func targetSpan(d *doc, cell source.Cell, t routeTarget) diag.Span {
	if cell.Span.End <= len(d.src) && string(d.src[cell.Span.Start:cell.Span.End]) == cell.Text {
		return diag.Span{Start: cell.Span.Start + t.start, End: cell.Span.Start + t.end}
	}
	return cell.Span
}

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
	Full: "Each Route To / Primary cell names, after splitting on commas and stripping backticks, @, 👤/🤖 " +
		"and parenthetical notes, a Members Name, a reserved built-in (Scribe, Ralph, Rai, Fact Checker, " +
		"@copilot), or coordinator. A route to a removed member dispatches nothing.",
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

// routingDialect is one routing heading and its target column.
type routingDialect struct {
	heading *regexp.Regexp
	column  string
}

// routingDialects are the routing headings and their target column.
var routingDialects = sync.OnceValue(func() []routingDialect {
	return []routingDialect{
		{regexp.MustCompile(`^Routing Table$`), "Route To"},
		{regexp.MustCompile(`^Work Type (→|->) Agent$`), "Primary"},
		{regexp.MustCompile(`^Work Type Rules$`), "Primary Agent"},
	}
})

func checkCastRouting(c *checker, t *squadTeam) {
	d := c.doc(squadDir + "routing.md")
	if d == nil {
		return
	}
	md := d.markdown()
	found := false // the roster must be readable to judge targets (SS211 otherwise)
	for _, h := range md.Headings {
		for _, dia := range routingDialects() {
			if h.Level != 2 || !dia.heading.MatchString(h.Text) {
				continue
			}
			for _, tb := range md.TablesIn(h.Span.End, md.SectionEnd(h)) {
				if tb.Column("Work Type") < 0 {
					continue
				}
				found = true
				if col := tb.Column(dia.column); col >= 0 && t.roster != nil && t.roster.shape == headerOK {
					checkRouteTargets(c, t, d, tb, col)
				}
			}
		}
	}
	if !found {
		c.report(ruleRoutingMissing.At(d.path, d.head(), "routing.md has no \"## Routing Table\" (with a Work Type column) or \"## Work Type → Agent\" table"))
	}
}

var parenRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\([^)]*\)`)
})

func checkRouteTargets(c *checker, t *squadTeam, d *doc, tb *source.Table, col int) {
	names := map[string]bool{"coordinator": true, "squad": true, "@copilot": true, "copilot": true}
	var list []string
	for _, m := range t.members() {
		names[strings.ToLower(m.nameText)] = true
		list = append(list, m.nameText)
	}
	for _, b := range builtins {
		names[strings.ToLower(b.name)] = true
	}
	for _, r := range tb.Rows {
		cell := r.Cell(col)
		for _, target := range routeTargets(cell.Text) {
			switch {
			case strings.HasPrefix(target, "{") && strings.HasSuffix(target, "}"):
				if len(t.members()) > 0 {
					c.report(ruleRoutePlaceholder.At(d.path, cell.Span, "route target %s is a template placeholder", quote(target)))
				}
			case !names[strings.ToLower(target)]:
				c.report(ruleRouteTarget.At(d.path, cell.Span, "route target %s is not a member of %s%s", quote(target), squadDir+"team.md", diag.DidYouMean(target, list)))
			}
		}
	}
}

// routeTargets normalises a Route To cell into member names.
func routeTargets(cell string) []string {
	cell = parenRE().ReplaceAllString(cell, "")
	var out []string
	for _, p := range strings.Split(cell, ",") {
		p = strings.NewReplacer("`", "", "👤", "", "🤖", "", "*", "").Replace(p)
		p = strings.TrimSpace(p)
		if strings.HasPrefix(p, "@") && !strings.EqualFold(p, "@copilot") {
			p = p[1:]
		}
		if !isNone(p) {
			out = append(out, p)
		}
	}
	return out
}

package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleConfigClients = diag.Register(diag.Rule{
	ID: "SS207", Name: "squad-config-clients", Severity: diag.SeverityError, Domain: "squad",
	Short: "config.json clients[] holds something other than unique client slugs",
	Full: "Squad 2.0 persists only canonical portable client slugs in config.json clients[]: copilot, " +
		"claude, kiro, opencode, cursor, codex, antigravity, each at most once. \"all\" is a command-line " +
		"shorthand, never stored; host names and display names are not slugs.",
	Help: "list the hosts by slug, e.g. \"clients\": [\"copilot\", \"claude\"]",

	Consumer: "nothing breaks in the released Squad: no code of CLI 0.10.0 or SDK 0.13.1 reads " +
		"clients[] (the seed's Squad 2.0 persists it)",
	Since: "Squad 2.0 (seed 003); not read by CLI 0.10.0 / SDK 0.13.1",
})

var clientSlugs = []string{"copilot", "claude", "kiro", "opencode", "cursor", "codex", "antigravity"}

func checkConfigClients(c *checker, t *squadTeam) {
	if t.config == nil {
		return
	}
	v := t.config.Get("clients")
	if v == nil {
		return
	}
	d := t.cfgDoc
	if v.Kind != source.KindArray {
		c.report(ruleConfigClients.At(d.path, v.Span, "clients is %s; want an array of client slugs", kindName(v)))
		return
	}
	seen := map[string]bool{}
	for _, e := range v.Elems {
		switch {
		case e.Kind != source.KindString:
			c.report(ruleConfigClients.At(d.path, e.Span, "client entry is %s; want a slug string", kindName(e)))
		case e.Str == "all":
			c.report(ruleConfigClients.At(d.path, e.Span, "\"all\" is a --client shorthand; config.json stores each slug (%s)", strings.Join(clientSlugs, ", ")))
		case !isOneOf(e.Str, clientSlugs):
			c.report(ruleConfigClients.At(d.path, e.Span, "client %s is not one of %s%s", quote(e.Str), strings.Join(clientSlugs, ", "), diag.DidYouMean(e.Str, clientSlugs)))
		case seen[e.Str]:
			c.report(ruleConfigClients.At(d.path, e.Span, "client %q is listed twice", e.Str))
		}
		seen[e.Str] = true
	}
}

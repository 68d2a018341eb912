package squadstate

import (
	"net/url"
	"regexp"
	"strings"
	"sync"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleBackendURL = diag.Register(diag.Rule{
	ID: "SS208", Name: "squad-backend-url-insecure", Severity: diag.SeverityError, Domain: "squad",
	Short: "SQUAD_BACKEND_URL is not https (plain http only for localhost)",
	Full: "A repository connects the durable-http backend through SQUAD_BACKEND_URL, which must be an " +
		"https:// URL; plain http:// is accepted only for localhost (localhost, 127.0.0.1, ::1). squadci " +
		"reads it in .squad/config.json and in the per-host MCP projection files (.mcp.json, " +
		".cursor/mcp.json, .kiro/settings/mcp.json, opencode.json, .copilot/mcp-config.json, .vscode/mcp.json, " +
		".codex/config.toml, .agents/agents/squad.md). Environment references (${…}) are not checked.",
	Help: "use https:// for a remote backend; http:// only for a server on this machine",

	Consumer: "security: the durable-http backend would carry team state over plain http",
	Since:    "Squad 2.0 (seed 003)",
})

var backendLineRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`SQUAD_BACKEND_URL["']?\s*[=:]\s*["']?([^"'\s,}]+)`)
})

func checkBackendURL(c *checker, t *squadTeam) {
	files := append([]string{squadDir + "config.json"}, projectionFiles...)
	for _, p := range files {
		d := c.doc(p)
		if d == nil {
			continue
		}
		if strings.HasSuffix(p, ".json") {
			if root := d.jsonDoc().Root; root != nil {
				root.Walk(func(v *source.Value) {
					if v.IsMember() && v.Key == "SQUAD_BACKEND_URL" && v.Kind == source.KindString {
						checkBackendValue(c, d, v.Str, v.Span)
					}
				})
			}
			continue
		}
		for _, m := range backendLineRE().FindAllSubmatchIndex(d.src, -1) {
			checkBackendValue(c, d, string(d.src[m[2]:m[3]]), diag.Span{Start: m[2], End: m[3]})
		}
	}
}

func checkBackendValue(c *checker, d *doc, raw string, span diag.Span) {
	if raw == "" || strings.HasPrefix(raw, "$") {
		return
	}
	u, err := url.Parse(raw)
	switch {
	case err != nil || u.Host == "":
		c.report(ruleBackendURL.At(d.path, span, "SQUAD_BACKEND_URL is not an absolute URL; want https://host/…"))
	case u.Scheme == "https":
	case u.Scheme == "http" && isLocalhost(u.Hostname()):
	case u.Scheme == "http":
		c.report(ruleBackendURL.At(d.path, span, "SQUAD_BACKEND_URL uses plain http:// for %s; only localhost may use http, use https://", quote(u.Hostname())))
	default:
		c.report(ruleBackendURL.At(d.path, span, "SQUAD_BACKEND_URL has scheme %s; want https://", quote(u.Scheme)))
	}
}

func isLocalhost(h string) bool {
	return h == "localhost" || h == "127.0.0.1" || h == "::1" || strings.HasSuffix(h, ".localhost")
}

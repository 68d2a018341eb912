package squadstate

import (
	"github.com/squadci/squadci/lint/diag"
)

var ruleRegistryDuplicate = diag.Register(diag.Rule{
	ID: "SS229", Name: "squad-registry-duplicate-name", Severity: diag.SeverityWarning, Domain: "squad",
	Short: "two registry entries share a persistent_name",
	Full: "persistent_name is unique across the registry, retired entries included: a retired name stays " +
		"reserved so history and decisions keep one meaning.",
	Help: "cast the new member under another name",

	Consumer: "nothing breaks today: casting keeps one name per identity, and history and decisions lose that one meaning",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

var ruleRegistryLink = diag.Register(diag.Rule{
	ID: "SS230", Name: "squad-registry-link", Severity: diag.SeverityWarning, Domain: "squad",
	Short: "succeeded_by or merged_into names no registry key",
	Full: "succeeded_by and merged_into link a retired entry to the key that took over; they name an " +
		"existing registry key.",
	Help: "point the link at the successor's key, or remove it",

	Consumer: "nothing breaks: a succession link points nowhere",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

func checkRegistryLinks(c *checker, t *squadTeam) {
	if t.reg == nil {
		return
	}
	d := t.reg.doc
	names := map[string]string{}
	for _, e := range t.reg.entries() {
		n := str(e.Get("persistent_name"))
		if n == "" {
			continue
		}
		if first, dup := names[n]; dup {
			c.report(ruleRegistryDuplicate.At(d.path, e.Get("persistent_name").Span, "persistent_name %s is already used by %s", quote(n), first))
		} else {
			names[n] = quote(e.Key) + " (" + d.at(e.Span.Start) + ")"
		}
	}
	for _, e := range t.reg.entries() {
		for _, k := range []string{"succeeded_by", "merged_into"} {
			if v := e.Get(k); v != nil && v.Str != "" && t.reg.entry(v.Str) == nil {
				c.report(ruleRegistryLink.At(d.path, v.Span, "%s %s names no registry key%s", k, quote(v.Str), diag.DidYouMean(v.Str, t.reg.keys())))
			}
		}
	}
}

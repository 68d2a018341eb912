package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleFederation = diag.Register(diag.Rule{
	ID: "SS126", Name: "hve-federation-registry", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "federation.md's Sub-Squads registry disagrees with members/",
	Full: "federation.md has a ## Sub-Squads table | Sub-squad | Profile | Kind | Location | Owner | " +
		"Description |. Each Sub-squad matches ^[a-z0-9][a-z0-9-]*$ and is unique ignoring case; Kind is " +
		"in-repo (repo is reserved); Location is members/<name>/ and that directory holds a team.md. Every " +
		"sub-squad directory under members/ has a registry row.",
	Help: "register each sub-squad once with Location members/<name>/ and Kind in-repo",

	Consumer: "the HVE federation coordinator delegates only to registered sub-squads: an " +
		"unregistered one is never reached, a bad row points nowhere",
	Since: "HVE Squad v0.10.0 (aeec41c)",
})

func checkFederationRegistry(c *checker, h *hveRoot) {
	f := h.federationFile()
	if f == nil {
		return
	}
	d := f.doc
	switch {
	case f.heading == nil:
		c.report(ruleFederation.At(d.path, d.head(), "federation.md has no ## Sub-Squads heading"))
		return
	case f.shape == headerMissing:
		c.report(ruleFederation.At(d.path, f.heading.Span, "## Sub-Squads has no table"))
		return
	case f.shape == headerWrong:
		checkHeader(c, ruleFederation, d, f.table, federationColumns, "Sub-Squads")
		return
	}
	checkRowWidths(c, ruleFederation, d, f.table, "Sub-Squads")
	seen := map[string]bool{}
	for _, r := range f.table.Rows {
		name := strings.TrimSpace(r.Cell(0).Text)
		lower := strings.ToLower(name)
		if seen[lower] {
			c.report(ruleFederation.At(d.path, r.Cell(0).Span, "sub-squad %s is registered twice (first at %s)", quote(name), d.at(f.subs[lower].Span.Start)))
			continue
		}
		seen[lower] = true
		valid := isRoleID(name)
		if !valid {
			c.report(ruleFederation.At(d.path, r.Cell(0).Span, "sub-squad %s is not a name of the form ^[a-z0-9][a-z0-9-]*$; try %q", quote(name), slugify(name)))
		}
		switch kind := strings.TrimSpace(r.Cell(2).Text); kind {
		case "in-repo":
		case "repo":
			c.report(ruleFederation.At(d.path, r.Cell(2).Span, "Kind \"repo\" is reserved and not supported; sub-squads are in-repo"))
		default:
			c.report(ruleFederation.At(d.path, r.Cell(2).Span, "Kind %s is not in-repo", quote(kind)))
		}
		loc, want := unbacktick(r.Cell(3).Text), "members/"+lower+"/"
		switch {
		case !valid:
		case loc != want:
			c.report(ruleFederation.At(d.path, r.Cell(3).Span, "Location %s; want %q", quote(loc), want))
		case !c.exists(h.dir + want + "team.md"):
			c.report(ruleFederation.At(d.path, r.Cell(3).Span, "%s%s holds no team.md", h.dir, want))
		}
	}
	for _, dir := range subSquadDirs(c, h) {
		if !seen[strings.ToLower(dir)] {
			c.report(ruleFederation.At(d.path, f.heading.Span, "%smembers/%s/ is not registered in ## Sub-Squads", h.dir, dir))
		}
	}
}

// subSquadDirs lists the directory names under <root>members/.
func subSquadDirs(c *checker, h *hveRoot) []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range c.under(h.dir + "members/") {
		name, _, ok := strings.Cut(strings.TrimPrefix(p, h.dir+"members/"), "/")
		if ok && !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	return out
}

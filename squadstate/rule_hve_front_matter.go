package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleFrontMatter = diag.Register(diag.Rule{
	ID: "SS103", Name: "hve-front-matter", Severity: diag.SeverityNote, Domain: "squad-state",
	Short: "an HVE Markdown state file lacks its front matter or single H1",
	Full: "Every Markdown state file HVE writes begins with YAML front matter holding description:, " +
		"followed by exactly one H1 (# Squad Roster, # History: <agent>, ...).",
	Help: "start the file with ---, description: \"…\", --- and one # title",

	Consumer: "nothing breaks: no HVE reader or Tier-1 case reads the front matter or the " +
		"roster/routing H1 (a note: every HVE seed writes them, so a file without them was not written by the Scribe)",
	Since: "HVE Squad v0.2.0 (29f6aab)",
})

func checkFrontMatter(c *checker, h *hveRoot) {
	for name, d := range h.files {
		if d == nil || !strings.HasSuffix(name, ".md") {
			continue
		}
		md := d.markdown()
		switch {
		case md.Front == nil:
			c.report(ruleFrontMatter.At(d.path, d.head(), "%s does not begin with front matter (---, description: \"…\", ---)", name))
		case !md.Front.Closed:
			c.report(ruleFrontMatter.At(d.path, d.head(), "the front matter of %s has no closing ---", name))
		case md.Front.Get("description") == nil || md.Front.Get("description").Value == "":
			c.report(ruleFrontMatter.At(d.path, d.head(), "the front matter of %s has no description:", name))
		}
		var h1 int
		for _, hd := range md.Headings {
			if hd.Level != 1 || (name == "team.md" && hd.Text == "Members") {
				continue // the legacy "# Members" is reported as legacy, not as a second title
			}
			if h1++; h1 == 2 {
				c.report(ruleFrontMatter.At(d.path, hd.Span, "%s has a second H1; a state file has exactly one title", name))
			}
		}
		if h1 == 0 && md.Front != nil && md.Front.Closed {
			c.report(ruleFrontMatter.At(d.path, md.Front.Span, "%s has no H1 title after its front matter", name))
		}
	}
}

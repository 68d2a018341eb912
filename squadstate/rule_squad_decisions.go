package squadstate

import (
	"regexp"
	"strings"
	"sync"

	"github.com/squadci/squadci/lint/diag"
)

var ruleDecisionHeading = diag.Register(diag.Rule{
	ID: "SS239", Name: "squad-decision-heading", Severity: diag.SeverityNote, Domain: "squad",
	Short: "a decisions.md entry has no date prefix or no **By:** line",
	Full: "Scribe's date mandate: every ### entry in decisions.md starts with \"YYYY-MM-DD: \" (the parser " +
		"takes the date from it) and has a **By:** line naming its author. An undated entry is a note: " +
		"`squad nap` treats it as a foundational directive and always keeps it. A missing **By:** is a note " +
		"too: the SDK's decision parser reads it only as an optional author. Only a ### heading that is an " +
		"entry is judged: one that starts with a date, or whose section carries the entry fields **By:**, " +
		"**What:** or **Why:**; the ### subsections of a document pasted into decisions.md are not entries.",
	Help: "write \"### 2026-03-26: Title\" and a \"**By:** Name (Role)\" line",

	Consumer: "nothing breaks (a note): the SDK's decision parser (markdown-migration.js) takes the date " +
		"from the heading and the author from **By:**, both optional; nap keeps an undated entry for good",
	Since: "Squad CLI 0.10.0 / SDK 0.13.1",
})

var ruleInbox = diag.Register(diag.Rule{
	ID: "SS240", Name: "squad-inbox-file-name", Severity: diag.SeverityWarning, Domain: "squad",
	Short: "a decisions inbox file is not named <agentdir>-<slug>.md",
	Full: "Agents drop decisions in .squad/decisions/inbox/<agent directory>-<brief-slug>.md (lowercase, " +
		"digits and hyphens); Scribe merges them by that name.",
	Help: "rename the file to <agent directory>-<slug>.md, e.g. booster-ci-deletion-guard.md",

	Consumer: "Scribe merges inbox files by agent directory; a misnamed file is merged without its author",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

var dateHeadingRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\d{4}-\d{2}-\d{2}: \S`)
})

func checkDecisionHeadings(c *checker, t *squadTeam) {
	d := c.doc(squadDir + "decisions.md")
	if d == nil {
		return
	}
	md := d.markdown()
	for _, h := range md.Headings {
		if h.Level != 3 {
			continue
		}
		dated := dateHeadingRE().MatchString(h.Text)
		body := strings.ToLower(string(d.src[h.Span.End:md.SectionEnd(h)]))
		if !dated && !hasEntryField(body) {
			continue // a subsection of a pasted document, not an entry
		}
		if !dated {
			// nap keeps undated entries as foundational directives and never
			// archives them: valid, but outside the date mandate.
			c.report(ruleDecisionHeading.At(d.path, h.TextSpan, "decision %s does not start with \"YYYY-MM-DD: \" (nap keeps it as an undated, foundational entry)", quote(h.Text)))
		}
		if !strings.Contains(body, "**by:**") {
			c.report(ruleDecisionHeading.At(d.path, h.Span, "decision %s has no **By:** line (Squad reads it as the entry's optional author)", quote(h.Text)))
		}
	}
}

// entryFields are the bold labels of a Scribe decision entry, lowercased.
var entryFields = []string{"**by:**", "**what:**", "**why:**"}

// hasEntryField reports whether a lowercased section body carries one of
// a decision entry's fields.
func hasEntryField(body string) bool {
	for _, f := range entryFields {
		if strings.Contains(body, f) {
			return true
		}
	}
	return false
}

var inboxRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[a-z0-9][a-z0-9-]*\.md$`)
})

func checkInbox(c *checker, t *squadTeam) {
	dir := squadDir + "decisions/inbox/"
	for _, p := range c.under(dir) {
		name := strings.TrimPrefix(p, dir)
		ok := false
		for _, a := range t.agents {
			if rest, found := strings.CutPrefix(name, a+"-"); found && inboxRE().MatchString(rest) {
				ok = true
			}
		}
		if !ok && !strings.Contains(name, "/") && name != ".gitkeep" {
			c.report(ruleInbox.At(p, diag.Span{}, "inbox file %s is not <agent directory>-<slug>.md", quote(name)))
		}
	}
}

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
	ID: "SS240", Name: "squad-inbox-file-name", Severity: diag.SeverityNote, Domain: "squad",
	Short: "a decisions inbox file has a name no Squad writer gives",
	Full: "Squad's writers name .squad/decisions/inbox/ files <author>-<slug>.md: agents their directory " +
		"or lower-cased cast name (Rai-<slug> for Rai, fact-checker-<slug>, copilot-<slug> for the coding " +
		"agent), the squad_decide tool <author slug>-<summary slug> (lower case, digits, - and _), the memory " +
		"tool [<author>-]<title>-<id>, and the coordinator copilot-directive-<timestamp>.md (the timestamp " +
		"may hold T and Z). Every such name is accepted. Another name is a note: Scribe and squad nap merge " +
		"every inbox file into decisions.md whatever its name, and the author comes from its **By:** line; " +
		"the name only tells a reader who wrote it.",
	Help: "rename the file to <agent directory>-<slug>.md, e.g. booster-ci-deletion-guard.md",

	Consumer: "nothing breaks: Scribe and squad nap merge every inbox file whatever its name",
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

// inboxSlugRE matches the lower-case slugs Squad's tools write: the
// squad_decide tool's <author>-<summary> (its author slug keeps _) and the
// memory tool's [<author>-]<title>-<id>.
var inboxSlugRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*\.md$`)
})

// directiveRE matches the coordinator's directive capture,
// copilot-directive-<timestamp>.md (2026-02-21T202535Z in its examples).
var directiveRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^copilot-directive-[0-9][0-9A-Za-z_-]*\.md$`)
})

func checkInbox(c *checker, t *squadTeam) {
	dir := squadDir + "decisions/inbox/"
	authors := inboxAuthors(t)
	for _, p := range c.under(dir) {
		name := strings.TrimPrefix(p, dir)
		if strings.Contains(name, "/") || strings.HasPrefix(name, ".") || inboxNameWritten(name, authors) {
			continue
		}
		c.report(ruleInbox.At(p, diag.Span{}, "inbox file %s is not a name Squad writes (<agent directory>-<slug>.md)", quote(name)))
	}
}

// inboxAuthors are the prefixes agents write inbox files under: their
// directories, the built-ins' (Rai), and the cast names lower-cased as
// the CLI's cast writes them into each charter (which may hold a space).
func inboxAuthors(t *squadTeam) []string {
	authors := append([]string(nil), t.agents...)
	for _, b := range builtins {
		authors = append(authors, b.dirs...)
	}
	for _, m := range t.members() {
		if m.nameText != "" {
			authors = append(authors, strings.ToLower(m.nameText))
		}
	}
	return authors
}

// inboxNameWritten reports a name one of Squad's writers gives an inbox
// file.
func inboxNameWritten(name string, authors []string) bool {
	if inboxSlugRE().MatchString(name) || directiveRE().MatchString(name) {
		return true
	}
	for _, a := range authors {
		if len(name) > len(a)+1 && strings.EqualFold(name[:len(a)], a) && name[len(a)] == '-' && inboxSlugRE().MatchString(name[len(a)+1:]) {
			return true
		}
	}
	return false
}

package squadstate

import (
	"sort"
	"strings"
	"unicode"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleCharterTitle = diag.Register(diag.Rule{
	ID: "SS234", Name: "squad-charter-title", Severity: diag.SeverityNote, Domain: "squad",
	Short: "a charter's title is not \"# <Name> — <Role>\" matching the roster",
	Full: "A Squad charter's first line is \"# <Name> — <Role>\" with an em dash (serializeCharter writes it " +
		"so); built-ins may use a bare \"# <Name>\". Name and Role match the member's roster row, ignoring case " +
		"as Squad compares names. When ## Identity has a bold **Role:**, that is the role Squad reads and the " +
		"one compared; the title's role is then display text. Leading HTML comments (squad build's " +
		"generated-file notice) are skipped.",
	Help: "write the title as \"# Name — Role\" exactly as the roster row has them",

	Consumer: "nothing breaks (a note): the Squad SDK reads the role from ## Identity **Role:**, the title is display text",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

var ruleCharterSections = diag.Register(diag.Rule{
	ID: "SS235", Name: "squad-charter-sections", Severity: diag.SeverityNote, Domain: "squad",
	Short: "a native cast charter lacks one of its sections",
	Full: "A cast charter with ## Identity also has ## What I Own, ## How I Work and ## Boundaries; ## Model and " +
		"## Collaboration are optional (Squad parses them only when present; a missing ## Model means auto " +
		"selection), so their absence is a note. Charters without Identity (init's generic ones) and the " +
		"built-ins' template charters are not checked.",
	Help: "add the missing section from the charter template",

	Consumer: "nothing breaks (a note): the Squad SDK parses these sections only when present",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

var ruleCharterModel = diag.Register(diag.Rule{
	ID: "SS236", Name: "squad-charter-model-syntax", Severity: diag.SeverityError, Domain: "squad",
	Short: "a ## Model key is not in bold, so Squad ignores it",
	Full: "The SDK reads ## Model keys only in the bold form **Preferred:** (optionally bulleted): a plain " +
		"\"Preferred: auto\" or \"**Preferred**:\" line is silently ignored and the member runs on the default " +
		"model. The same holds for Rationale, Fallback and Reasoning Effort. An ignored value of auto is a " +
		"note: auto is the default, so nothing changes.",
	Help: "write the key as **Preferred:** value",

	Consumer: "the Squad SDK reads ## Model keys only in bold, so the member runs on auto selection; " +
		"a note when the value is auto anyway (the default: nothing changes)",
	Since:   "Squad CLI 0.10.0 / SDK 0.13.1",
	Fixable: true,
	Repair:  "rewrites the key in the bold form (Preferred: → **Preferred:**), keeping the value as written.",
})

var ruleCharterEffort = diag.Register(diag.Rule{
	ID: "SS237", Name: "squad-charter-reasoning-effort", Severity: diag.SeverityError, Domain: "squad",
	Short: "**Reasoning Effort:** is not low, medium, high, xhigh or auto",
	Full: "Squad accepts the reasoning efforts low, medium, high and xhigh (auto means unset); any other value " +
		"only prints a console warning and is ignored.",
	Help: "use low, medium, high, xhigh or auto",

	Consumer: "the Squad SDK prints a console warning and ignores the value, so the setting is lost",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

var ruleCharterIdentity = diag.Register(diag.Rule{
	ID: "SS238", Name: "squad-charter-identity-name", Severity: diag.SeverityNote, Domain: "squad",
	Short: "the charter's **Name:** differs from the roster Name",
	Full:  "When ## Identity has a **Name:** line it is the member's cast name and equals the roster row's Name.",
	Help:  "make **Name:** the roster Name, or fix the roster",

	Consumer: "nothing breaks (a note): the roster Name is the one Squad uses",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

func checkCharters(c *checker, t *squadTeam) {
	dirs := make([]string, 0, len(t.charter))
	for dir := range t.charter {
		dirs = append(dirs, dir)
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		d := t.charter[dir]
		md := d.markdown()
		if c.isKmx(d, md) {
			continue // a complete kmx charter: the agent-file rules check it
		}
		m := t.memberByCharterDir(dir)
		checkCharterTitle(c, d, md, dir, m)
		checkCharterSections(c, d, md, dir)
		checkCharterModel(c, d, md)
		checkCharterIdentity(c, d, md, m)
	}
}

// isKmx applies the repository's charter classifier.
func (c *checker) isKmx(d *doc, md *source.Markdown) bool {
	if c.repo.IsKmxCharter != nil {
		return c.repo.IsKmxCharter(d.src)
	}
	return IsKmxCharter(md)
}

func checkCharterTitle(c *checker, d *doc, md *source.Markdown, dir string, m *castMember) {
	h := charterTitle(md)
	if h == nil {
		c.report(ruleCharterTitle.At(d.path, d.head(), "the charter does not start with a \"# Name — Role\" title"))
		return
	}
	name, role, dash := strings.Cut(h.Text, " — ")
	if !dash && strings.Contains(h.Text, " - ") && !isBuiltinDir(dir) {
		c.report(ruleCharterTitle.At(d.path, h.TextSpan, "the title %s uses a hyphen; Squad writes \"Name — Role\" with an em dash", quote(h.Text)))
		return
	}
	if m == nil {
		if !dash && !isBuiltinDir(dir) {
			c.report(ruleCharterTitle.At(d.path, h.TextSpan, "the title %s has no \" — Role\"", quote(h.Text)))
		}
		return
	}
	identityRole := charterIdentityRole(md)
	switch {
	case !strings.EqualFold(name, m.nameText):
		c.report(ruleCharterTitle.At(d.path, h.TextSpan, "the title names %s; the roster row is %s (%s)", quote(name), quote(m.nameText), rosterAt(m)))
	case builtinNamed(m.nameText) != nil:
	case identityRole != nil:
		if !sameRole(identityRole.text, m.roleText) {
			c.report(ruleCharterTitle.At(d.path, identityRole.span, "the charter's **Role:** %s differs from %s on the roster row (%s)", quote(identityRole.text), quote(m.roleText), rosterAt(m)))
		}
	case !dash:
		c.report(ruleCharterTitle.At(d.path, h.TextSpan, "the title %s has no \" — %s\"", quote(h.Text), m.roleText))
	case !sameRole(role, m.roleText):
		c.report(ruleCharterTitle.At(d.path, h.TextSpan, "the title's role %s differs from %s on the roster row (%s)", quote(role), quote(m.roleText), rosterAt(m)))
	}
}

// sameRole compares roles as Squad does, ignoring case and an emoji
// prefix some rosters give the role ("🏗️ Lead").
func sameRole(a, b string) bool {
	return strings.EqualFold(bareRole(a), bareRole(b))
}

// bareRole drops leading symbols, variation selectors and spaces.
func bareRole(s string) string {
	return strings.TrimLeftFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// charterIdentityRole is the bold **Role:** value under ## Identity, the
// role Squad reads (parseCharterMetadata); nil when there is none. The
// title's role is then display text, as in Squad's preset charters
// ("# lead — Technical Lead" with **Role:** lead).
func charterIdentityRole(md *source.Markdown) *spanText {
	start, end, h := section(md, "Identity")
	if h == nil {
		return nil
	}
	for _, f := range charterFields(md, start, end) {
		if f.key == "Role" && f.bold && f.value.text != "" {
			return &f.value
		}
	}
	return nil
}

// rosterAt names a roster row's line.
func rosterAt(m *castMember) string { return squadDir + "team.md:" + itoa(m.row.Line+1) }

// nativeSections are a cast charter's sections; optionalSections Squad
// parses only when present (the charter compiler; a missing ## Model means
// auto model selection), and its own preset charters leave them out.
var (
	nativeSections   = []string{"What I Own", "How I Work", "Boundaries"}
	optionalSections = []string{"Model", "Collaboration"}
)

func checkCharterSections(c *checker, d *doc, md *source.Markdown, dir string) {
	_, _, id := section(md, "Identity")
	if id == nil || isBuiltinDir(dir) {
		return
	}
	missing := func(names []string) []string {
		var out []string
		for _, s := range names {
			if _, _, h := section(md, s); h == nil {
				out = append(out, "## "+s)
			}
		}
		return out
	}
	if m := missing(nativeSections); len(m) > 0 {
		c.report(ruleCharterSections.At(d.path, id.Span, "the charter has ## Identity but no %s", strings.Join(m, ", ")))
	}
	if m := missing(optionalSections); len(m) > 0 {
		n := ruleCharterSections.At(d.path, id.Span, "the charter has no %s (optional: Squad uses its defaults)", strings.Join(m, ", "))
		n.Severity = diag.SeverityNote
		c.report(n)
	}
}

func checkCharterModel(c *checker, d *doc, md *source.Markdown) {
	start, end, h := section(md, "Model")
	if h == nil {
		return
	}
	for _, f := range charterFields(md, start, end) {
		switch {
		case f.key == "Name" || f.key == "Role" || f.key == "Expertise" || f.key == "Style":
		case !f.bold:
			c.report(unboldModelKey(d, f))
		case f.key == "Reasoning Effort" && !isOneOf(strings.ToLower(f.value.text), efforts):
			c.report(ruleCharterEffort.At(d.path, f.value.span, "Reasoning Effort %s is not one of %s", quote(f.value.text), strings.Join(efforts, ", ")))
		}
	}
}

func checkCharterIdentity(c *checker, d *doc, md *source.Markdown, m *castMember) {
	start, end, h := section(md, "Identity")
	if h == nil || m == nil {
		return
	}
	for _, f := range charterFields(md, start, end) {
		if f.key == "Name" && f.bold && f.value.text != m.nameText {
			c.report(ruleCharterIdentity.At(d.path, f.value.span, "**Name:** is %s; the roster row is %s (%s)", quote(f.value.text), quote(m.nameText), rosterAt(m)))
		}
	}
}

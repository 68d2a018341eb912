package squadstate

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
)

// A routing cell names one or more members, written the way a coordinator
// or a person writes them: `Keaton`, `Keaton primary`, `Keaton (backup)`,
// `Keaton + Hockney`, `Keaton, Hockney secondary`, `**EECOM** 🔧`,
// `[Flight](agents/flight/charter.md)`. The Squad SDK resolves a cell's
// name with ralph/triage.js findMember (also the stale-route filter of
// config/team-capabilities.js): markdown stripped, lower-cased, symbols and
// emoji dropped, then the member whose name, else whose role, equals the
// text, else one whose name or role contains it or is contained in it. The
// coordinator reads the cell as prose and spawns every member it names. So
// a cell is split into the members it lists, and a listed name resolves
// when its words and a member's name or role words contain one another;
// only a name that matches no member at all is reported.

// routeTarget is one name a routing cell lists.
type routeTarget struct {
	text       string // as written, markup and annotations removed: "Hockney"
	raw        string // the list item as written: "Hockney secondary"
	start, end int    // raw's byte offsets in the cell text
	words      []string
}

// routeListSep separates the members a cell lists: commas and semicolons
// (the SDK's markdown-migration split), and the joins people write between
// names (+, &, /, →, "and", "or", "then").
var routeListSep = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\s*(?:[,;+&/]|→|->|\s(?i:and|or|then)\s)\s*`)
})

// routeNote matches a parenthetical note: "(backup)", "(reviews only)".
var routeNote = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\([^)]*\)`)
})

// markdownLink matches [text](target); the text is what names the member.
var markdownLink = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\[([^\]]+)\]\([^)]*\)`)
})

// routeAnnotations are the words written beside a name to say how it
// takes the work, not who: "Keaton primary", "Hockney (backup)".
var routeAnnotations = map[string]bool{
	"primary": true, "secondary": true, "tertiary": true, "backup": true, "fallback": true,
	"optional": true, "alternate": true, "alt": true, "assist": true, "assists": true, "support": true,
}

// fanOutTargets are the non-member targets the coordinator acts on:
// itself, the team ("Team, …" fans out), and the coding agent.
var fanOutTargets = []string{"coordinator", "squad", "copilot", "team", "all", "everyone", "whole team", "all agents"}

// routeTargets splits a routing cell into the names it lists, with their
// offsets in the cell text. Dashes and empty items name nobody.
func routeTargets(cell string) []routeTarget {
	masked := maskNotes(cell)
	var out []routeTarget
	start := 0
	add := func(end int) {
		raw := cell[start:end]
		lead := len(raw) - len(strings.TrimLeft(raw, " \t"))
		raw = strings.TrimSpace(raw)
		if isNone(raw) {
			return
		}
		t := routeTarget{raw: raw, start: start + lead, end: start + lead + len(raw)}
		t.text, t.words = routeName(raw)
		if len(t.words) > 0 || strings.HasPrefix(t.text, "{") {
			out = append(out, t)
		}
	}
	for _, m := range routeListSep().FindAllStringIndex(masked, -1) {
		add(m[0])
		start = m[1]
	}
	add(len(cell))
	return out
}

// maskNotes blanks parenthetical notes and whole markdown links (keeping
// lengths), so that a separator inside "(reviews / pairs)", a link's text
// or a link's path does not split the cell. The blank is '_', not a space:
// a separator's \s* would take in blanked spaces, and the item before it
// ("[Keaton](a/b.md), Fenster") would end short at "[Keaton".
func maskNotes(cell string) string {
	b := []byte(cell)
	blank := func(s, e int) {
		for i := s; i < e; i++ {
			b[i] = '_'
		}
	}
	for _, m := range routeNote().FindAllStringIndex(cell, -1) {
		blank(m[0], m[1])
	}
	for _, m := range markdownLink().FindAllStringIndex(cell, -1) {
		blank(m[0], m[1]) // "[text](target)"
	}
	return string(b)
}

// routeName is the member name a list item gives (markup, emoji, a leading
// @, notes and annotation words removed) and its comparison words.
func routeName(item string) (string, []string) {
	s := markdownLink().ReplaceAllString(item, "$1")
	s = routeNote().ReplaceAllString(s, " ")
	s = strings.NewReplacer("`", "", "*", "", "_", " ").Replace(s)
	if strings.HasPrefix(strings.TrimSpace(s), "{") {
		return strings.TrimSpace(s), nil // a template placeholder
	}
	var kept []string
	for _, f := range strings.Fields(s) {
		w := nameWords(f)
		if len(w) == 1 && routeAnnotations[w[0]] {
			continue
		}
		if len(w) > 0 {
			kept = append(kept, strings.TrimFunc(f, func(r rune) bool { return notNameRune(r) && r != '@' }))
		}
	}
	text := strings.Join(kept, " ")
	return text, nameWords(text)
}

// nameWords lower-cases s and splits it into runs of letters and digits:
// emoji, punctuation, @ and the dashes of fact-checker all separate.
func nameWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), notNameRune)
}

func notNameRune(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

// routeNames are what a routing target may resolve to: every member's
// name and role and the built-ins' (matched by containment, as the SDK
// does), and the coordinator's own targets (matched exactly, so that
// "Team Lead" does not resolve through "team").
type routeNames struct {
	names [][]string
	exact [][]string
}

func (t *squadTeam) routeNames() routeNames {
	var n routeNames
	add := func(s string) {
		if w := nameWords(s); len(w) > 0 {
			n.names = append(n.names, w)
		}
	}
	for _, m := range t.members() {
		add(m.nameText)
		add(m.roleText)
	}
	for _, b := range builtins {
		add(b.name)
		add(b.role)
		for _, a := range b.dirs {
			add(a)
		}
	}
	for _, s := range fanOutTargets {
		n.exact = append(n.exact, nameWords(s))
	}
	return n
}

// resolves reports whether words name one of n: the SDK's findMember
// equality and containment, on whole words.
func (n routeNames) resolves(words []string) bool {
	for _, c := range n.exact {
		if len(c) == len(words) && containsWords(words, c) {
			return true
		}
	}
	for _, c := range n.names {
		if containsWords(words, c) || containsWords(c, words) {
			return true
		}
	}
	return false
}

// containsWords reports whether sub occurs in words as a contiguous run.
func containsWords(words, sub []string) bool {
	if len(sub) == 0 || len(sub) > len(words) {
		return false
	}
	for i := 0; i+len(sub) <= len(words); i++ {
		match := true
		for j, w := range sub {
			if words[i+j] != w {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

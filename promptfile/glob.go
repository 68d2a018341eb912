package promptfile

import (
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// splitGlobAware splits an applyTo value on commas outside braces and
// brackets, as VS Code's glob.splitGlobAware does: "**/*.{ts,js},docs/**"
// is two patterns. A trailing empty segment is not returned.
func splitGlobAware(s string) []string {
	var out []string
	var cur strings.Builder
	inBraces, inBrackets := false, false
	for _, r := range s {
		switch r {
		case ',':
			if !inBraces && !inBrackets {
				out = append(out, cur.String())
				cur.Reset()
				continue
			}
		case '{':
			inBraces = true
		case '}':
			inBraces = false
		case '[':
			inBrackets = true
		case ']':
			inBrackets = false
		}
		cur.WriteRune(r)
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

// globProblem explains why VS Code cannot use pattern as written ("" when
// it can): an unclosed [ or { (VS Code then matches something else than
// written), or a character range running backwards, which makes VS Code's
// regular expression fail so that the pattern matches nothing.
func globProblem(pattern string) string {
	switch {
	case strings.Count(pattern, "{") != strings.Count(pattern, "}"):
		return "its { and } do not pair up"
	case !doublestar.ValidatePattern(strings.ReplaceAll(pattern, `\`, "/")):
		return "it has an unclosed [ or {"
	case backwardsRange(pattern):
		return "a [...] range runs backwards"
	}
	return ""
}

// backwardsRange reports a bracket range like [z-a].
func backwardsRange(p string) bool {
	in := false
	for i := 0; i < len(p); i++ {
		switch {
		case p[i] == '[':
			in = true
		case p[i] == ']':
			in = false
		case in && p[i] == '-' && i > 0 && i+1 < len(p) && p[i-1] != '[' && p[i+1] != ']' && p[i-1] > p[i+1]:
			return true
		}
	}
	return false
}

// matchesEverything reports the patterns VS Code applies to every request,
// even with no file attached (computeAutomaticInstructions.ts).
func matchesEverything(pattern string) bool {
	return pattern == "**" || pattern == "**/*" || pattern == "*"
}

// vscodePattern is the pattern VS Code matches: a relative pattern is
// prefixed with **/ so that it matches below any folder, and matching
// ignores case. A leading / anchors it at the repository root here (VS
// Code matches it against the absolute path).
func vscodePattern(pattern string) string {
	p := strings.ToLower(pattern)
	switch {
	case strings.HasPrefix(p, "/"):
		return strings.TrimPrefix(p, "/")
	case strings.HasPrefix(p, "**/"):
		return p
	}
	return "**/" + p
}

// Listing is the repository's files, lower-cased once for matching.
type Listing struct{ lower []string }

// NewListing prepares files (root-relative, '/'-separated) for matching.
func NewListing(files []string) *Listing {
	l := &Listing{lower: make([]string, len(files))}
	for i, f := range files {
		l.lower[i] = strings.ToLower(f)
	}
	return l
}

// matchesAny reports whether pattern, as VS Code reads it, matches a file.
func (l *Listing) matchesAny(pattern string) bool {
	if matchesEverything(pattern) {
		return true
	}
	p := vscodePattern(pattern)
	for _, f := range l.lower {
		if ok, _ := doublestar.Match(p, f); ok {
			return true
		}
	}
	return false
}

package promptfile

import (
	"strings"
	"sync"

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

// Listing is the repository's files, lower-cased once for matching, and
// the answers so far: the same pattern recurs across instructions files.
type Listing struct {
	// Ignored are the directories the root .gitignore names (IgnoredDirs).
	Ignored []string
	// Witnesses, when set, are shared with the listings of other trees:
	// a file one of them matched a pattern with is looked up here before
	// every file is scanned.
	Witnesses *Witnesses
	lower     []string
	mu        sync.Mutex
	seen      map[string]bool
	setOnce   sync.Once
	set       map[string]bool
}

// Witnesses remember, per pattern, a file (lower-cased) that matched it in
// some listing: a listing holding that file matches the pattern too, since
// a match depends on the path alone. Safe for concurrent use.
type Witnesses struct {
	mu sync.Mutex
	m  map[string]string
}

// NewWitnesses returns an empty set of witnesses.
func NewWitnesses() *Witnesses { return &Witnesses{m: map[string]string{}} }

func (w *Witnesses) get(p string) string {
	if w == nil {
		return ""
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.m[p]
}

func (w *Witnesses) put(p, file string) {
	if w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.m[p] = file
}

// has reports whether the listing holds the lower-cased file.
func (l *Listing) has(lower string) bool {
	l.setOnce.Do(func() {
		l.set = make(map[string]bool, len(l.lower))
		for _, f := range l.lower {
			l.set[f] = true
		}
	})
	return l.set[lower]
}

// NewListing prepares files (root-relative, '/'-separated) for matching.
func NewListing(files []string) *Listing {
	l := &Listing{lower: make([]string, len(files)), seen: map[string]bool{}}
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
	l.mu.Lock()
	ok, done := l.seen[p]
	l.mu.Unlock()
	if !done {
		if w := l.Witnesses.get(p); w != "" && l.has(w) {
			ok = true
		} else {
			var witness string
			if ok, witness = l.scan(p); ok {
				l.Witnesses.put(p, witness)
			}
		}
		l.mu.Lock()
		l.seen[p] = ok
		l.mu.Unlock()
	}
	return ok
}

// scan matches p against every file and returns the first file it
// matches; a pattern that is **/*. and a literal tail (the common
// **/*.go) is a suffix test.
func (l *Listing) scan(p string) (bool, string) {
	tail, ok := strings.CutPrefix(p, "**/*.")
	if !ok || strings.ContainsAny(tail, "*?[]{}\\/") {
		return l.scanSlow(p)
	}
	for _, f := range l.lower {
		if strings.HasSuffix(f, "."+tail) {
			return true, f
		}
	}
	return false, ""
}

// scanSlow matches p with the glob matcher, skipping files that lack the
// pattern's longest literal run (every match contains it).
func (l *Listing) scanSlow(p string) (bool, string) {
	lit := requiredLiteral(p)
	for _, f := range l.lower {
		if !strings.Contains(f, lit) {
			continue
		}
		if ok, _ := doublestar.Match(p, f); ok {
			return true, f
		}
	}
	return false, ""
}

// requiredLiteral is the longest run of p outside [...] and {...} with no
// glob character, leaving out the slashes beside a ** (which may match no
// folder): text any path p matches contains verbatim.
func requiredLiteral(p string) string {
	best, cur, depth := "", strings.Builder{}, 0
	flush := func() {
		if cur.Len() > len(best) {
			best = cur.String()
		}
		cur.Reset()
	}
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '[' || c == '{':
			depth++
			flush()
		case (c == ']' || c == '}') && depth > 0:
			depth--
		case depth > 0:
		case c == '*' && i+1 < len(p) && p[i+1] == '*':
			// ** may match no folder at all: the slashes around it are optional
			if b := cur.String(); strings.HasSuffix(b, "/") {
				cur.Reset()
				cur.WriteString(strings.TrimSuffix(b, "/"))
			}
			flush()
			for i+1 < len(p) && p[i+1] == '*' {
				i++
			}
			if i+1 < len(p) && p[i+1] == '/' {
				i++
			}
		case c == '*' || c == '?' || c == '\\':
			flush()
		default:
			cur.WriteByte(c)
		}
	}
	flush()
	return best
}

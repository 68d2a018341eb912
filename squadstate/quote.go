package squadstate

import (
	"strconv"
	"strings"

	"github.com/squadci/squadci/internal/textutil"
	"github.com/squadci/squadci/lint/secrets"
)

// maxQuoted is how many code points of an authored value a message repeats.
const maxQuoted = 80

// quote is %q of an authored value for a message: cut to maxQuoted code
// points, and withheld entirely when it looks like a credential.
func quote(s string) string {
	if len(secrets.Scan(s)) > 0 {
		return "(a credential-shaped value, withheld)"
	}
	return strconv.Quote(textutil.Abbreviate(s, maxQuoted))
}

// quoteList renders values as "a", "b", "c", cut after limit items.
func quoteList(vs []string, limit int) string {
	var b strings.Builder
	for i, v := range vs {
		if i == limit {
			b.WriteString(", …")
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(quote(v))
	}
	return b.String()
}

// unbacktick removes one pair of surrounding backticks and spaces.
func unbacktick(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && s[0] == '`' && s[len(s)-1] == '`' {
		return strings.TrimSpace(s[1 : len(s)-1])
	}
	return s
}

// isNone reports whether a cell says "none": an em dash, a hyphen, or empty.
func isNone(s string) bool {
	s = strings.TrimSpace(s)
	return s == "" || s == "—" || s == "-" || s == "–"
}

// splitList splits a comma-separated cell, trimming entries and dropping
// empty ones and dashes.
func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); !isNone(p) {
			out = append(out, p)
		}
	}
	return out
}

// isRoleID reports whether s matches ^[a-z0-9][a-z0-9-]*$ (HVE role ids,
// sub-squad names).
func isRoleID(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' && i > 0) {
			return false
		}
	}
	return true
}

// slugify is Squad's label slug: lowercase, every run of characters other
// than [a-z0-9] becomes "-", dashes trimmed from the ends.
func slugify(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	return b.String()
}

func itoa(n int) string { return strconv.Itoa(n) }

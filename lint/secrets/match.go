package secrets

// Match is one credential-shaped run. Start/End are byte offsets into the
// scanned text (half-open).
type Match struct {
	Family      string // stable kebab-case id, e.g. "github-token"
	Description string // human words, e.g. "GitHub token"; never the matched value
	// Key is the name a generic-secret value is assigned to ("API_KEY"),
	// when it is a plain identifier that itself matches nothing; else "".
	Key        string
	Start, End int
}

// GenericFamily is the family of the generic heuristic: a high-entropy
// value assigned to a secret-like name, as opposed to a known token format.
const GenericFamily = "generic-secret"

// Heuristic reports a match of the generic heuristic, which the kinds of
// file full of examples (prompts, instructions, skills) report as a
// warning while known token formats stay errors.
func (m Match) Heuristic() bool { return m.Family == GenericFamily }

// Family names one kind of credential the scanner reports.
type Family struct {
	ID          string
	Description string
}

// Families lists every family id the scanner can report, in rule order, for
// rule docs and registries.
func Families() []Family {
	var out []Family
	seen := map[string]bool{}
	for i := range rules {
		r := &rules[i]
		if !seen[r.family] {
			seen[r.family] = true
			out = append(out, Family{ID: r.family, Description: r.desc})
		}
	}
	return out
}

// redacted is what a secret is shown as. It is fixed so that nothing about the
// value, not even its length, reaches a report.
const redacted = "[REDACTED]"

// Redact returns the placeholder that stands for s in any output.
func Redact(s string) string { return redacted }

// RedactMatches returns text with every matched run replaced by the
// placeholder, for printing a source line beside a finding. ms must come from
// scanning text itself (sorted, non-overlapping, in bounds).
func RedactMatches(text string, ms []Match) string {
	if len(ms) == 0 {
		return text
	}
	buf := make([]byte, 0, len(text))
	last := 0
	for _, m := range ms {
		if m.Start < last || m.End > len(text) || m.Start >= m.End {
			continue // out of order, out of bounds, or empty: nothing to hide
		}
		buf = append(buf, text[last:m.Start]...)
		buf = append(buf, redacted...)
		last = m.End
	}
	buf = append(buf, text[last:]...)
	return string(buf)
}

// Phrase names the match's kind with its article, for messages: "a GitHub
// token", "an AWS access key ID", "a high-entropy value assigned to API_KEY";
// "a credential" when it has no name.
func (m Match) Phrase() string {
	d := m.Description
	if m.Key != "" && d != "" {
		d = "high-entropy value assigned to " + m.Key
	}
	if d == "" {
		d = m.Family
	}
	if d == "" {
		return "a credential"
	}
	switch d[0] {
	case 'A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u':
		return "an " + d
	}
	return "a " + d
}

// maxShownKey bounds a key named in a message.
const maxShownKey = 64

// shownKey returns k if it is safe to name in a message: a plain identifier
// (letters, digits, _ - .) of at most maxShownKey bytes in which the scanner
// finds nothing; else "".
func shownKey(k string) string {
	if k == "" || len(k) > maxShownKey || !isLetter(k[0]) && k[0] != '_' {
		return ""
	}
	for i := 0; i < len(k); i++ {
		if !isNameByte(k[i]) {
			return ""
		}
	}
	if len(resolve(scan(k, nil))) > 0 {
		return ""
	}
	return k
}

package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleMemberStatus = diag.Register(diag.Rule{
	ID: "SS216", Name: "squad-member-status", Severity: diag.SeverityWarning, Domain: "squad",
	Short: "a Members Status is not one of Squad's emoji statuses",
	Full: "Status is an emoji followed by a word, from the set the writers use: ✅ Active, 📋 Silent, " +
		"🔄 Monitor, 🛡️ RAI, 🔍 Verifier, 👤 Human, ⏸️ Inactive, 🔴 Retired. The Squad shell strips " +
		"everything before the first letter or digit and compares the word exactly (lifecycle.js: only " +
		"\"Active\" members are loaded), so a missing or different emoji before a known word is a note, and " +
		"a word it does not know (\"active\", \"Active (lead)\") is a warning.",
	Help: "use one of the listed statuses, emoji included",

	Consumer: "the Squad shell reads the status word after the emoji and loads only \"Active\" members: an " +
		"unknown word drops the member from the shell (warning); the emoji itself is cosmetic (note)",
	Since: "Squad CLI 0.10.0 / SDK 0.13.1",
})

var memberStatuses = []string{"✅ Active", "📋 Silent", "🔄 Monitor", "🛡️ RAI", "🔍 Verifier", "👤 Human", "⏸️ Inactive", "🔴 Retired"}

// normEmoji drops variation selectors so "🛡 RAI" and "🛡️ RAI" compare equal.
func normEmoji(s string) string { return strings.ReplaceAll(strings.TrimSpace(s), "\ufe0f", "") }

func checkMemberStatus(c *checker, t *squadTeam) {
	norm := make([]string, len(memberStatuses))
	words := make([]string, len(memberStatuses))
	for i, s := range memberStatuses {
		norm[i] = normEmoji(s)
		words[i] = statusWord(s)
	}
	for _, m := range t.members() {
		if m.statusText == "" || m.isReserved() || isOneOf(normEmoji(m.statusText), norm) {
			continue
		}
		if w := statusWord(m.statusText); isOneOf(w, words) {
			n := ruleMemberStatus.At(t.roster.doc.path, m.status.Span, "Status %s is %s without Squad's emoji; the shell strips the emoji and reads the word, so only the display differs", quote(m.statusText), quote(w))
			n.Severity = diag.SeverityNote
			c.report(n)
			continue
		}
		c.report(ruleMemberStatus.At(t.roster.doc.path, m.status.Span, "Status %s is not one of %s; the shell reads it as %s, an unknown status", quote(m.statusText), strings.Join(memberStatuses, ", "), quote(statusWord(m.statusText))))
	}
}

// statusWord is the status as the Squad shell reads it: everything before
// the first ASCII letter, digit or underscore dropped (lifecycle.js
// replace(/^[^\w]*/, ”)), then trimmed.
func statusWord(s string) string {
	i := strings.IndexFunc(s, func(r rune) bool {
		return r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
	})
	if i < 0 {
		return ""
	}
	return strings.TrimSpace(s[i:])
}

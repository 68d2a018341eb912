package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleMemberStatus = diag.Register(diag.Rule{
	ID: "SS216", Name: "squad-member-status", Severity: diag.SeverityWarning, Domain: "squad",
	Short: "a Members Status is not one of Squad's emoji statuses",
	Full: "Status is an emoji followed by a word, from the set the writers use: ✅ Active, 📋 Silent, " +
		"🔄 Monitor, 🛡️ RAI, 🔍 Verifier, 👤 Human, ⏸️ Inactive, 🔴 Retired. Workflows and the coordinator " +
		"match these strings literally.",
	Help: "use one of the listed statuses, emoji included",

	Consumer: "the Squad workflows and coordinator match statuses literally, so the member's state is not recognised",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

var memberStatuses = []string{"✅ Active", "📋 Silent", "🔄 Monitor", "🛡️ RAI", "🔍 Verifier", "👤 Human", "⏸️ Inactive", "🔴 Retired"}

// normEmoji drops variation selectors so "🛡 RAI" and "🛡️ RAI" compare equal.
func normEmoji(s string) string { return strings.ReplaceAll(strings.TrimSpace(s), "\ufe0f", "") }

func checkMemberStatus(c *checker, t *squadTeam) {
	norm := make([]string, len(memberStatuses))
	for i, s := range memberStatuses {
		norm[i] = normEmoji(s)
	}
	for _, m := range t.members() {
		if m.statusText == "" || m.isReserved() || isOneOf(normEmoji(m.statusText), norm) {
			continue
		}
		c.report(ruleMemberStatus.At(t.roster.doc.path, m.status.Span, "Status %s is not one of %s", quote(m.statusText), strings.Join(memberStatuses, ", ")))
	}
}

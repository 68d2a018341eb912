package lint

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

// evidence reports whether p is a file no fix may touch (adoption.md,
// Fixes): anything under a mailbox, every request, result, snapshot, state,
// claim and lock file, and anything in a .squad-connector/ directory.
// Those record what happened; editing them is tampering.
func (s *session) evidence(p string) bool {
	return exchangeKind(p) != "" || strings.HasSuffix(p, ".claim.json") || strings.HasSuffix(p, ".lock") ||
		strings.Contains("/"+p, "/.squad-connector/") || s.boxes.has(p)
}

// keepFix returns d's fix when squadci may apply it: the rule is fixable,
// the file is no evidence and no edit touches a span a Secret rule flagged
// (a credential is removed by hand; its value is in git history anyway).
func (s *session) keepFix(r *diag.Rule, d diag.Diagnostic, secret []diag.Span) *diag.Fix {
	if d.Fix == nil || !r.Fixable || s.evidence(d.Path) {
		return nil
	}
	for _, e := range d.Fix.Edits {
		for _, sp := range secret {
			if e.Start < sp.End && sp.Start < max(e.End, e.Start+1) {
				return nil
			}
		}
	}
	return d.Fix
}

// secretSpans returns, per file, the spans of every Secret rule's finding.
func (s *session) secretSpans() map[string][]diag.Span {
	out := map[string][]diag.Span{}
	for _, d := range s.diags {
		if r, ok := diag.Lookup(d.Rule); ok && r.Secret {
			out[d.Path] = append(out[d.Path], d.Span)
		}
	}
	return out
}

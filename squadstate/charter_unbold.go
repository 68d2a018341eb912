package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

// unboldModelKey reports a ## Model key Squad ignores because it is not in
// the bold form. Ignoring it loses something only when the value differs
// from what Squad does without it: a plain "Preferred: claude-sonnet-4.6"
// silently runs the member on auto selection (an error), while a plain
// "Preferred: auto" or "Reasoning Effort: auto" asks for the default the
// member gets anyway (a note, fidelity.md §3: nothing changes).
func unboldModelKey(d *doc, f charterField) diag.Diagnostic {
	return unboldFinding(d, f).WithFix(diag.Replace(f.head, "**"+f.key+":**"))
}

// unboldFinding is the finding without its fix: rewriting the key in the
// bold form is the one repair, and it keeps the value as written.
func unboldFinding(d *doc, f charterField) diag.Diagnostic {
	msg := quote(f.key+":") + " is not in the bold form **" + f.key + ":**, so Squad ignores it"
	if f.key == "Rationale" {
		// The SDK keeps a rationale only to write it back: no model
		// choice depends on it.
		n := ruleCharterModel.At(d.path, f.line.Span, "%s; a rationale only explains the choice, so the member runs as written", msg)
		n.Severity = diag.SeverityNote
		return n
	}
	if !modelKeyIsDefault(f) {
		if hasDefault(f.key) {
			msg += " and the member runs on the default (auto), not " + quote(f.value.text)
		}
		return ruleCharterModel.At(d.path, f.line.Span, "%s", msg)
	}
	w := ruleCharterModel.At(d.path, f.line.Span, "%s; its value is the default (auto), so the member runs as written", msg)
	w.Severity = diag.SeverityNote
	return w
}

// modelKeyIsDefault reports whether an ignored key's value is what Squad
// uses when the key is absent: auto (or nothing) for Preferred and
// Reasoning Effort. Backticks and a trailing remark ("auto (default)")
// are allowed around the value.
func modelKeyIsDefault(f charterField) bool {
	if !hasDefault(f.key) {
		return false
	}
	words := strings.Fields(strings.Trim(f.value.text, "`"))
	return len(words) == 0 || strings.EqualFold(strings.Trim(words[0], "`"), "auto")
}

// hasDefault reports whether key is one whose absence Squad fills with auto.
func hasDefault(key string) bool { return key == "Preferred" || key == "Reasoning Effort" }

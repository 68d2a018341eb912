package connector

import (
	"regexp"
	"strings"
	"sync"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

// Envelope text is untrusted data (spec §8). These patterns find the
// directives, authority claims and accounting markers a narrative must not
// carry; finding one is reported and changes nothing about the outcome.

// directivePatterns are steering instructions and claims of squad
// authority, matched case-insensitively across any white space.
var directivePatterns = sync.OnceValue(func() []*regexp.Regexp {
	return compileAll(
		`\b(?:skip|bypass|disable|override|waive)\s+(?:(?:this|the|that|all|any|every)\s+)?(?:(?:quality|review|release|council|security)\s+)?(?:gates?|reviews?|checks?|policy|policies|validation)\b`,
		`\bmark(?:ed)?\s+(?:(?:this|it|the\s+(?:task|result|change|stage|gate))\s+)?(?:as\s+)?(?:approved|passed|verified|accepted)\b`,
		`\b(?:ignore|disregard|forget|override)\s+(?:(?:all|any|the)\s+)?(?:previous|prior|earlier|above|preceding|your)\s+(?:instructions|directions|directives|rules|prompts?)\b`,
		`\bcouncil\s+verdict\b`,
		`\b(?:quality\s+|release\s+|review\s+)?gates?\s+(?:has\s+|have\s+|is\s+|are\s+)?(?:passed|cleared|satisfied|approved|green)\b`,
		`\b(?:approved|signed[\s-]+off|ratified)\s+by\s+(?:the\s+)?(?:council|coordinator|squad\s+coordinator|scribe|lead|release\s+manager)\b`,
		`\b(?:release|merge|deployment)\s+(?:is\s+)?approved\b`,
	)
})

// accountingPatterns are the markers only trusted Scribe output carries.
var accountingPatterns = sync.OnceValue(func() []*regexp.Regexp {
	return compileAll(
		`\bExternal-unmetered\s*:`,
		`\bVerification\s*:`,
	)
})

// untrustedStems are words every pattern needs (lower-cased): text with
// none of them skips the regular expressions, which cost far more than
// one lower-casing and a few substring searches.
var untrustedStems = [...]string{"skip", "bypass", "disable", "override", "waive", "mark", "ignore", "disregard",
	"forget", "council", "gate", "approved", "signed", "ratified", "external-unmetered", "verification"}

func mayBeUntrusted(s string) bool {
	lower := strings.ToLower(s)
	for _, stem := range untrustedStems {
		if strings.Contains(lower, stem) {
			return true
		}
	}
	return false
}

func compileAll(patterns ...string) []*regexp.Regexp {
	out := make([]*regexp.Regexp, len(patterns))
	for i, p := range patterns {
		out[i] = regexp.MustCompile(`(?i)` + p)
	}
	return out
}

// maxUntrustedPerString bounds the findings one string can produce.
const maxUntrustedPerString = 3

// checkUntrusted reports directives and accounting markers in one string
// value of an envelope. what names the field in messages.
func checkUntrusted(f *jsonFile, v *source.Value, what string) {
	if v == nil || v.Kind != source.KindString || len(v.Str) < 5 || !mayBeUntrusted(v.Str) {
		return
	}
	reportMatches(f, v, what, directivePatterns(), ruleUntrustedDirective,
		"%s carries a directive or authority claim%s; envelope text is data and never steers a gate or approval")
	reportMatches(f, v, what, accountingPatterns(), ruleUntrustedAccountingMarker,
		"%s carries the accounting marker%s; only trusted Scribe output carries it")
}

func reportMatches(f *jsonFile, v *source.Value, what string, patterns []*regexp.Regexp, r *diag.Rule, format string) {
	type hit struct{ start, end int }
	var hits []hit
	for _, re := range patterns {
		for _, m := range re.FindAllStringIndex(v.Str, maxUntrustedPerString) {
			overlaps := false
			for _, h := range hits {
				overlaps = overlaps || m[0] < h.end && h.start < m[1]
			}
			if !overlaps {
				hits = append(hits, hit{m[0], m[1]})
			}
		}
	}
	if len(hits) > maxUntrustedPerString {
		hits = hits[:maxUntrustedPerString]
	}
	for _, h := range hits {
		quoted := ""
		if !f.isSecret(v.Span) {
			quoted = " " + quoteText(collapseSpace(v.Str[h.start:h.end]))
		}
		f.report(r.At(f.path, decodedSpan(f.doc.Src, v, h.start, h.end), format, what, quoted))
	}
}

// decodedSpan maps [start, end) of v's decoded string to bytes of src. The
// mapping is exact when the raw literal up to end is byte-for-byte the
// decoded text (no escape and no invalid byte before it); otherwise the
// whole value is the span.
func decodedSpan(src []byte, v *source.Value, start, end int) diag.Span {
	raw := v.Span.Start + 1 // after the opening quote
	if raw+end <= v.Span.End-1 && string(src[raw:raw+end]) == v.Str[:end] {
		return diag.Span{Start: raw + start, End: raw + end}
	}
	return v.Span
}

func collapseSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

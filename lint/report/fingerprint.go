package report

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

// Identity is a finding's identity (adoption.md, Identity, version 2):
// the rule, the path it is about and its anchor, never a line number, the
// text of another line or a count that depends on line endings. It is the
// Fingerprint of a resolved finding, and what baselines, review markers,
// SARIF partialFingerprints and --new-from-rev compare.
func Identity(rule, path, anchor string) string {
	return hash("v2", rule, path, anchor)
}

// IdentityOf is the identity of d given the (masked) text of its span:
// the path it is about (IdentityPath) and its anchor (AnchorOf).
func IdentityOf(d diag.Diagnostic, spanText string) string {
	return Identity(d.Rule, IdentityPath(d), AnchorOf(d, spanText))
}

// IdentityPath is the path a finding is about: the file its anchor names
// for a finding about a missing file (diag.Diagnostic.AboutFile), else
// its own path.
func IdentityPath(d diag.Diagnostic) string {
	if p, ok := strings.CutPrefix(d.Anchor, diag.FileAnchorPrefix); ok && p != "" {
		return p
	}
	return d.Path
}

// AnchorOf is d's explicit anchor or, without one, its span's text with
// line endings normalised to LF and surrounding white space trimmed, so
// blank lines, CRLF checkouts and edits elsewhere leave it as it was.
func AnchorOf(d diag.Diagnostic, spanText string) string {
	if d.Anchor != "" {
		return d.Anchor
	}
	return "text:" + NormaliseText(spanText)
}

// NormaliseText turns CRLF and lone CR into LF and trims white space.
func NormaliseText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.TrimSpace(s)
}

// Fingerprint is the version 1 fingerprint: the rule, the path, the text
// of its span and the text of the span's first line without leading and
// trailing white space. Baselines of version 1 are matched on it; it is
// not a finding's identity any more (Identity), since it moved with a
// length rule's cut point and with a file's first line.
func Fingerprint(rule, path, spanText, firstLine string) string {
	return hash(rule, path, spanText, strings.TrimSpace(firstLine))
}

func hash(parts ...string) string {
	h := sha256.New()
	for _, part := range parts {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// NumberOccurrences sets each finding's Occurrence: 1 for the first
// finding of its path and fingerprint in run order, 2 for the next, so
// identical mistakes in one file stay distinct.
func NumberOccurrences(fs []Finding) {
	seen := map[[2]string]int{}
	for i := range fs {
		k := [2]string{fs[i].Path, fs[i].Fingerprint}
		seen[k]++
		fs[i].Occurrence = seen[k]
	}
}

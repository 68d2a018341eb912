package report

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// Fingerprint identifies a finding without its line number (adoption.md,
// Fingerprints): the rule, the path, the text of its span and the text of
// the span's first line without leading and trailing white space. Moving
// the finding up or down the file keeps it; changing the offending text
// does not. The texts are the masked ones outputs show, so a credential's
// fingerprint is not a hash of the credential.
func Fingerprint(rule, path, spanText, firstLine string) string {
	h := sha256.New()
	for _, part := range []string{rule, path, spanText, strings.TrimSpace(firstLine)} {
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

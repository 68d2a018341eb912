package report

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
)

// capResults returns the indexes of the findings to put in the SARIF log, in
// run order: all of them, or past GitHub's cap the most severe ones. The
// warnings explain what GitHub will not show.
func capResults(findings []Finding) (keep []int, warnings []string) {
	keep = make([]int, len(findings))
	for i := range keep {
		keep[i] = i
	}
	if len(findings) > SARIFMaxResults {
		sort.SliceStable(keep, func(a, b int) bool {
			return findings[keep[a]].Severity > findings[keep[b]].Severity
		})
		keep = keep[:SARIFMaxResults]
		sort.Ints(keep)
		warnings = append(warnings, fmt.Sprintf(
			"SARIF: %d findings exceed GitHub's limit of %d results per run; kept the %d most severe, the json output lists all",
			len(findings), SARIFMaxResults, SARIFMaxResults))
	}
	if len(keep) > SARIFShownResults {
		warnings = append(warnings, fmt.Sprintf(
			"SARIF: %d results; GitHub code scanning shows only the %d most severe",
			len(keep), SARIFShownResults))
	}
	return keep, warnings
}

// lineHashes computes primaryLocationLineHash for every finding in the
// `hash:N` shape of codeql-action: a hash of the rule id and the
// whitespace-normalised source line, and N counting repeats of that hash in
// the same file, so identical lines keep distinct, stable fingerprints.
func lineHashes(findings []Finding) []string {
	seen := make(map[string]int)
	out := make([]string, len(findings))
	for i := range findings {
		f := &findings[i]
		sum := sha256.Sum256([]byte(f.Rule + "\x00" + strings.Join(strings.Fields(f.SourceLine), " ")))
		h := hex.EncodeToString(sum[:8])
		key := f.Path + "\x00" + h
		seen[key]++
		out[i] = fmt.Sprintf("%s:%d", h, seen[key])
	}
	return out
}

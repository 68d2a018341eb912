package report

import (
	"fmt"
	"strings"
)

// maxCandidatesShown caps the names the human formats (text, annotations,
// review comments) list from a finding's candidates; json and sarif carry
// them all.
const maxCandidatesShown = 20

// CandidatesLine is a finding's candidates (diag.Diagnostic.Candidates) as
// the human formats show them: "a, b, c", the first maxCandidatesShown
// then "… and N more"; "" when it has none.
func (f *Finding) CandidatesLine() string {
	c := f.Candidates
	if len(c) == 0 {
		return ""
	}
	if len(c) <= maxCandidatesShown {
		return strings.Join(c, ", ")
	}
	return strings.Join(c[:maxCandidatesShown], ", ") + fmt.Sprintf(", … and %d more", len(c)-maxCandidatesShown)
}

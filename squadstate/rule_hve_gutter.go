package squadstate

import (
	"strconv"

	"github.com/squadci/squadci/lint/diag"
)

var ruleGutter = diag.Register(diag.Rule{
	ID: "SS104", Name: "hve-line-number-gutter", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "a state file was saved with a line-number gutter",
	Full: "A tool that pastes file views with line numbers (\"1: ---\", \"2. description: …\") corrupts the " +
		"state file: front matter and tables no longer parse. Three or more of the first twelve lines " +
		"beginning with their own line number followed by \".\" or \":\" and a space is such a gutter " +
		"(numbered lists do not count: their numbers are not the line numbers).",
	Help: "strip the leading line numbers from every line of the file",

	Consumer: "the HVE Scribe and every reader no longer parse the file's front matter and tables; " +
		"Tier-1 SQ-01 (blocking) fails",
	Since: "HVE Squad v0.2.0 (29f6aab) (the gutter fix 70995e2 and SQ-01 in v0.16.0-pre)",
})

func checkGutter(c *checker, h *hveRoot) {
	for _, d := range h.files {
		if d == nil {
			continue
		}
		var first []int
		line, start := 1, 0
		for i := 0; i <= len(d.src) && line <= 12; i++ {
			if i < len(d.src) && d.src[i] != '\n' {
				continue
			}
			if gutterLine(d.src[start:i], line) {
				first = append(first, start)
			}
			line, start = line+1, i+1
		}
		if len(first) >= 3 {
			c.report(ruleGutter.At(d.path, d.head(),
				"%d of the first 12 lines start with their own line number: the file was saved with a line-number gutter", len(first)))
		}
	}
}

// gutterLine reports whether b matches ^\s*<n>[.:]\s where n is the line number.
func gutterLine(b []byte, n int) bool {
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	num := strconv.Itoa(n)
	if len(b) < i+len(num)+2 || string(b[i:i+len(num)]) != num {
		return false
	}
	i += len(num)
	return (b[i] == '.' || b[i] == ':') && (b[i+1] == ' ' || b[i+1] == '\t')
}

// Package report renders one stream of findings in every output format. It is
// the only package that knows formats; every writer reads the same Run, so
// formats cannot disagree.
package report

import (
	"github.com/squadci/squadci/lint/diag"
)

// Finding is a diagnostic with its positions resolved: 1-based lines and
// 1-based code-point columns, EndColumn exclusive. SourceLine is the text of
// Line (without its line ending) for the text gutter; empty when unknown.
type Finding struct {
	diag.Diagnostic
	Line, Column       int
	EndLine, EndColumn int
	SourceLine         string
	// Fingerprint and Occurrence identify the finding across edits that
	// move it (see Fingerprint); the baseline, review markers and SARIF
	// partialFingerprints share them.
	Fingerprint string
	Occurrence  int
	// LegacyFingerprint is the version 1 fingerprint (Fingerprint), which
	// version 1 baselines are matched on.
	LegacyFingerprint string
	// RelatedLine..RelatedEndLine are the lines of Diagnostic.Related in
	// its file; 0 when there is no related position or its file's text is
	// unknown (then the whole file stands for it).
	RelatedLine, RelatedEndLine int
	// Cause says what the finding is about beyond its place: its rule,
	// severity, message (without a vendor clause) and offending text.
	// Findings in different files with the same Cause are one finding
	// (GroupCauses); empty when the finding cannot share one (it has no
	// offending text, or carries a fix of its own file).
	Cause string
	// Others are the other findings of the same cause, each resolved and
	// with its own identity, in run order; nil when the finding stands
	// alone. Diagnostic.Also holds their positions.
	Others []Finding
}

// Run is one complete lint run, already filtered, with severities resolved
// and findings sorted by path, line, column, rule.
type Run struct {
	ToolName    string
	ToolVersion string
	Files       int // number of files checked
	Findings    []Finding
	Category    string    // SARIF automationDetails.id; empty means none
	Profiles    []Profile // the format profile of each squad root, in root order
	Adoption    *Adoption // what --baseline and --new-from-rev left out; nil when neither was used
}

// Profile is the format profile a squad root was checked by and the
// evidence that chose it (fidelity.md §2).
type Profile struct {
	Root     string // the root directory: ".copilot-tracking/squad/"
	Format   string // "hve-squad"
	Name     string // the profile, named by its first release: "v0.12.1"
	Releases string // the release span: "v0.12.1–v0.15.3"
	Commit   string // the commit that opened the span
	ChosenBy string // "config", "pin", "shapes" or "default"
	Evidence []ProfileEvidence
	Note     string // why the choice is not exact, "" when it is
}

// ProfileEvidence is one fact weighed, where it is, and the releases it fits.
type ProfileEvidence struct {
	At, What, Fits string
}

// Fixable counts the findings that carry a fix.
func (r *Run) Fixable() int {
	n := 0
	for i := range r.Findings {
		if r.Findings[i].Fix != nil {
			n++
		}
	}
	return n
}

// Counts returns the number of findings per severity.
func (r *Run) Counts() (errors, warnings, notes int) {
	for _, f := range r.Findings {
		switch f.Severity {
		case diag.SeverityError:
			errors++
		case diag.SeverityWarning:
			warnings++
		case diag.SeverityNote:
			notes++
		}
	}
	return
}

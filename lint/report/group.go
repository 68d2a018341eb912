package report

import (
	"fmt"
	"sort"

	"github.com/squadci/squadci/internal/plural"
	"github.com/squadci/squadci/lint/diag"
)

// One cause, one finding (fidelity.md §3). Two findings have the same cause
// when they have the same rule, the same severity, the same message (before
// any vendor clause, plus the vendor's package name) and the same offending
// text — the span's text, when the message names it: the unresolved
// reference, the agent name, the key — and neither carries a fix. The engine writes that key into Finding.Cause. When
// findings of one cause sit in two or more files, they are reported once, at
// the first of them, with the others attached (Finding.Others, SARIF
// relatedLocations, JSON related); findings of one cause in a single file
// stay separate.
//
// Identity (adoption.md): every member keeps its own fingerprint and
// occurrence, so a baseline records and hides members one by one
// (Ungroup, then filter, then GroupCauses again). A grouped finding is
// told apart in SARIF and review markers by the fingerprint of its cause
// (CauseFingerprint), which does not change when files join or leave the
// group; a cause left in one file is that file's finding again.

// GroupCauses folds findings of one cause in several files into the first
// of them. fs must be sorted; the result keeps that order. A finding that
// already has Others is taken apart first, so regrouping a filtered run is
// safe.
func GroupCauses(fs []Finding) []Finding {
	fs = Ungroup(fs)
	files := map[string]map[string]bool{} // cause -> the files it is found in
	for i := range fs {
		if c := fs[i].Cause; c != "" {
			if files[c] == nil {
				files[c] = map[string]bool{}
			}
			files[c][fs[i].Path] = true
		}
	}
	out := make([]Finding, 0, len(fs))
	primary := map[string]int{} // cause -> its finding's index in out
	for _, f := range fs {
		if len(files[f.Cause]) < 2 {
			out = append(out, f)
			continue
		}
		if at, ok := primary[f.Cause]; ok {
			p := &out[at]
			p.Others = append(p.Others, f)
			p.Also = append(p.Also, diag.Position{Path: f.Path, Span: f.Span})
			continue
		}
		f.Others, f.Also = nil, nil
		primary[f.Cause] = len(out)
		out = append(out, f)
	}
	return out
}

// Ungroup returns every member of every finding as findings of their own,
// sorted as the engine sorts them.
func Ungroup(fs []Finding) []Finding {
	grouped := false
	for i := range fs {
		if len(fs[i].Others) > 0 {
			grouped = true
			break
		}
	}
	if !grouped {
		return fs
	}
	out := make([]Finding, 0, len(fs))
	for _, f := range fs {
		others := f.Others
		if len(others) > 0 {
			f.Others, f.Also = nil, nil
		}
		out = append(out, f)
		out = append(out, others...)
	}
	SortFindings(out)
	return out
}

// SortFindings orders findings by path, line, column, rule and message:
// the order of every output.
func SortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		return a.Message < b.Message
	})
}

// CauseFingerprint is the identity of a grouped finding: a hash of its
// cause alone, with no path, so it stays the same while files of the
// group are fixed or added. For a finding that stands alone it is its own
// Fingerprint.
func (f *Finding) CauseFingerprint() string {
	if len(f.Others) == 0 {
		return f.Fingerprint
	}
	return Fingerprint(f.Rule, "", f.Cause, "")
}

// IdentityOccurrence is the occurrence that goes with CauseFingerprint: a
// cause is one finding, so 1 for a grouped finding.
func (f *Finding) IdentityOccurrence() int {
	if len(f.Others) > 0 {
		return 1
	}
	return max(f.Occurrence, 1)
}

// OtherFiles counts the distinct files, other than the finding's own, of
// the findings grouped with it.
func (f *Finding) OtherFiles() int {
	seen := map[string]bool{f.Path: true}
	n := 0
	for _, o := range f.Others {
		if !seen[o.Path] {
			seen[o.Path] = true
			n++
		}
	}
	return n
}

// AlsoIn is the clause the one-line formats add to a grouped finding's
// message: " (and 4 other files)"; "" for a finding that stands alone.
func (f *Finding) AlsoIn() string {
	n := f.OtherFiles()
	switch {
	case len(f.Others) == 0:
		return ""
	case n == 0:
		return " (and " + plural.Form(len(f.Others), "other place", "other places") + " in this file)"
	case n == 1:
		return " (and 1 other file)"
	}
	return fmt.Sprintf(" (and %d other files)", n)
}

// Identities are the fingerprints a finding may be known by in an earlier
// run's review markers, CauseFingerprint first: for a grouped finding also
// each member's own (it may have stood alone before); for a finding with a
// cause standing alone also its cause's (it may have been grouped before).
func (f *Finding) Identities() []string {
	ids := []string{f.CauseFingerprint()}
	switch {
	case len(f.Others) > 0:
		ids = append(ids, f.Fingerprint)
		for i := range f.Others {
			ids = append(ids, f.Others[i].Fingerprint)
		}
	case f.Cause != "":
		ids = append(ids, Fingerprint(f.Rule, "", f.Cause, ""))
	}
	return ids
}

// Package fix applies the repairs lint findings carry (adoption.md, Fixes):
// it gathers them per file, drops overlapping ones, re-lints and repeats,
// then writes each changed file atomically or prints a unified diff.
package fix

import (
	"sort"

	"github.com/squadci/squadci/lint/diag"
)

// Candidate is one finding's fix, with the rule that offers it.
type Candidate struct {
	Rule string
	Fix  *diag.Fix
}

// Apply applies the candidates to src. Candidates are taken in rule-id
// order (then by position); one whose edits overlap an edit already taken
// is dropped, so a later rule id loses. It returns the new bytes and how
// many candidates were applied.
func Apply(src []byte, cands []Candidate) ([]byte, int) {
	sorted := append([]Candidate(nil), cands...)
	sort.SliceStable(sorted, func(i, j int) bool {
		if sorted[i].Rule != sorted[j].Rule {
			return sorted[i].Rule < sorted[j].Rule
		}
		return firstStart(sorted[i].Fix) < firstStart(sorted[j].Fix)
	})
	var taken []diag.Edit
	applied := 0
	for _, c := range sorted {
		if !valid(c.Fix, len(src)) || overlapsAny(c.Fix.Edits, taken) {
			continue
		}
		taken = append(taken, c.Fix.Edits...)
		applied++
	}
	sort.Slice(taken, func(i, j int) bool { return taken[i].Start < taken[j].Start })
	out := make([]byte, 0, len(src))
	at := 0
	for _, e := range taken {
		out = append(out, src[at:e.Start]...)
		out = append(out, e.Text...)
		at = e.End
	}
	return append(out, src[at:]...), applied
}

func firstStart(f *diag.Fix) int {
	if f == nil || len(f.Edits) == 0 {
		return 0
	}
	return f.Edits[0].Start
}

// valid reports whether every edit lies inside the file and the fix's own
// edits do not overlap one another.
func valid(f *diag.Fix, size int) bool {
	if f == nil || len(f.Edits) == 0 {
		return false
	}
	for i, e := range f.Edits {
		if e.Start < 0 || e.End < e.Start || e.End > size || overlapsAny(f.Edits[i+1:], []diag.Edit{e}) {
			return false
		}
	}
	return true
}

// overlapsAny reports whether an edit of es overlaps one of taken. Two
// insertions at one offset overlap too: their order would be a guess.
func overlapsAny(es, taken []diag.Edit) bool {
	for _, a := range es {
		for _, b := range taken {
			if a.Start == b.Start || (a.Start < b.End && b.Start < a.End) {
				return true
			}
		}
	}
	return false
}

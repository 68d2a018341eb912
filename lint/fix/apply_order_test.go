package fix

import (
	"testing"

	"github.com/squadci/squadci/lint/diag"
)

func cand(rule string, edits ...diag.Edit) Candidate {
	return Candidate{Rule: rule, Fix: &diag.Fix{Edits: edits}}
}

// Within one rule, the candidate that starts first wins an overlap,
// whatever order the candidates came in; at the same start, the one given
// first wins.
func TestApplyOrderWithinARule(t *testing.T) {
	src := []byte("abcdefghij")
	late := cand("AF102", diag.Edit{Start: 3, End: 8, Text: "L"})
	early := cand("AF102", diag.Edit{Start: 0, End: 5, Text: "E"})
	if out, n := Apply(src, []Candidate{late, early}); string(out) != "Efghij" || n != 1 {
		t.Errorf("overlapping candidates of one rule: %q (%d applied), want the earlier start's %q (1)", out, n, "Efghij")
	}
	first := cand("AF102", diag.Edit{Start: 2, End: 4, Text: "1"})
	second := cand("AF102", diag.Edit{Start: 2, End: 4, Text: "2"})
	if out, n := Apply(src, []Candidate{first, second}); string(out) != "ab1efghij" || n != 1 {
		t.Errorf("two candidates at one start: %q (%d applied), want the first given %q (1)", out, n, "ab1efghij")
	}
}

// Edits that only touch (one ends where the next starts) do not overlap:
// both are applied.
func TestApplyAdjacentEditsBothApply(t *testing.T) {
	src := []byte("abcdef")
	out, n := Apply(src, []Candidate{
		cand("AF101", diag.Edit{Start: 0, End: 3, Text: "X"}),
		cand("AF102", diag.Edit{Start: 3, End: 6, Text: "Y"}),
	})
	if string(out) != "XY" || n != 2 {
		t.Errorf("adjacent edits: %q (%d applied), want %q (2)", out, n, "XY")
	}
	// The same with the later edit taken first (its rule sorts first).
	out, n = Apply(src, []Candidate{
		cand("AF102", diag.Edit{Start: 0, End: 3, Text: "X"}),
		cand("AF101", diag.Edit{Start: 3, End: 6, Text: "Y"}),
	})
	if string(out) != "XY" || n != 2 {
		t.Errorf("adjacent edits, the later one first: %q (%d applied), want %q (2)", out, n, "XY")
	}
}

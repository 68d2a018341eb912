package connector

import (
	"slices"

	"github.com/squadci/squadci/lint/diag"
)

// spanSet holds non-overlapping spans of one file. The tree walk adds them
// in source order, so lookups are binary searches; a hostile file with
// thousands of flagged strings must not make each message a linear scan.
type spanSet struct {
	spans    []diag.Span
	unsorted bool
}

func (s *spanSet) add(sp diag.Span) {
	if n := len(s.spans); n > 0 && s.spans[n-1].Start > sp.Start {
		s.unsorted = true
	}
	s.spans = append(s.spans, sp)
}

// containing returns the span holding [sp.Start, sp.End), if any.
func (s *spanSet) containing(sp diag.Span) (diag.Span, bool) {
	if s.unsorted {
		slices.SortFunc(s.spans, func(a, b diag.Span) int { return a.Start - b.Start })
		s.unsorted = false
	}
	// The last span starting at or before sp.Start is the only candidate.
	i, _ := slices.BinarySearchFunc(s.spans, sp.Start+1, func(a diag.Span, start int) int { return a.Start - start })
	if i == 0 {
		return diag.Span{}, false
	}
	c := s.spans[i-1]
	return c, c.Start <= sp.Start && sp.End <= c.End
}

// has reports whether sp itself is in the set.
func (s *spanSet) has(sp diag.Span) bool {
	c, ok := s.containing(sp)
	return ok && c == sp
}

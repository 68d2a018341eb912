package connector

import (
	"fmt"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

// checkCount reports an array with fewer than lo or more than hi elements.
func checkCount(c *manifestCheck, r *diag.Rule, arr *source.Value, name string, lo, hi int) {
	switch n := len(arr.Elems); {
	case n < lo:
		c.report(r.At(c.path, arr.Span, "%s must have at least %d %s; found %d", name, lo, entries(lo), n))
	case n > hi:
		c.report(r.At(c.path, arr.Span, "%s has %d entries; at most %d are allowed", name, n, hi))
	}
}

func entries(n int) string {
	if n == 1 {
		return "entry"
	}
	return "entries"
}

// at is " (line:L,col:C)" for a value of this file, for messages that point
// back at an earlier value.
func (c *manifestCheck) at(v *source.Value) string {
	p := c.doc.Lines().Position(v.Span.Start)
	return fmt.Sprintf(" at line:%d,col:%d", p.Line, p.Column)
}

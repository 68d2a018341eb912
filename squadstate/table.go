package squadstate

import (
	"strings"

	"github.com/squadci/squadci/internal/plural"
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

// checkHeader reports a table header that differs from want: at the first
// differing cell, or at the header row when cells are missing.
func checkHeader(c *checker, r *diag.Rule, d *doc, t *source.Table, want []string, what string) {
	got := t.HeaderTexts()
	for i, w := range want {
		if i >= len(got) {
			c.report(r.At(d.path, t.Header.Span, "the %s header has %s; it needs | %s |", what, plural.Count(len(got), "column"), strings.Join(want, " | ")))
			return
		}
		if got[i] != w {
			c.report(r.At(d.path, t.Header.Cells[i].Span, "column %d of the %s header is %s; want %q (the header is | %s |)%s",
				i+1, what, quote(got[i]), w, strings.Join(want, " | "), diag.DidYouMean(got[i], want)))
			return
		}
	}
	if len(got) > len(want) {
		c.report(r.At(d.path, t.Header.Cells[len(want)].Span, "the %s header has an extra column %s; it is | %s |", what, quote(got[len(want)]), strings.Join(want, " | ")))
	}
}

// checkRowWidths reports rows with more or fewer cells than the header:
// readers index cells by position, so a ragged row shifts every value.
func checkRowWidths(c *checker, r *diag.Rule, d *doc, t *source.Table, what string) {
	n := len(t.Header.Cells)
	for _, row := range t.Rows {
		if len(row.Cells) != n {
			c.report(r.At(d.path, row.Span, "this %s row has %s; the header has %d (escape a literal pipe as \\|)", what, plural.Count(len(row.Cells), "cell"), n))
		}
	}
}

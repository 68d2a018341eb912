package squadstate

import (
	"strconv"
	"strings"

	"github.com/squadci/squadci/lint/source"
)

// ledger is consumption.md: the Attribution and Usage & Cost tables.
type ledger struct {
	doc         *doc
	attribution *source.Table
	usage       *source.Table
}

func parseLedger(d *doc) *ledger {
	l := &ledger{doc: d}
	md := d.markdown()
	if hd := md.FindHeading(2, "Attribution"); hd != nil {
		if ts := md.TablesIn(hd.Span.End, md.SectionEnd(hd)); len(ts) > 0 {
			l.attribution = ts[0]
		}
	}
	if hd := md.FindHeading(2, "Usage & Cost"); hd != nil {
		if ts := md.TablesIn(hd.Span.End, md.SectionEnd(hd)); len(ts) > 0 {
			l.usage = ts[0]
		}
	}
	return l
}

// isTotalRow reports whether a row's first cell says Total (bold or not).
func isTotalRow(r *source.Row) bool {
	return strings.EqualFold(strings.Trim(strings.TrimSpace(r.Cell(0).Text), "*"), "total")
}

// ledgerNumber reads a ledger cell: bold markers, $, commas and spaces
// removed.
func ledgerNumber(s string) (float64, bool) {
	s = strings.NewReplacer("*", "", "$", "", ",", "", " ", "").Replace(s)
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

// roleRows returns the Usage & Cost rows that are neither the Total nor empty.
func roleRows(t *source.Table) []*source.Row {
	var out []*source.Row
	for _, r := range t.Rows {
		if !isTotalRow(r) && strings.TrimSpace(r.Cell(0).Text) != "" {
			out = append(out, r)
		}
	}
	return out
}

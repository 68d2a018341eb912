package secrets

import (
	"slices"
	"strings"
)

// ValueMask is what a known secret value is shown as, as GitHub Actions
// shows a masked value.
const ValueMask = "***"

// MinValueLength is the shortest value Values masks. Masking a value of
// one to three characters would hide the same characters wherever they
// occur (an exit code, a duration, a word) and make reports unreadable,
// while such a value is too short to protect anything.
const MinValueLength = 4

// Values masks known secret values (the variables passed to an adapter)
// wherever they occur. A multi-line value is masked whole and line by line,
// so a line of it printed alone is masked too.
type Values struct {
	list []string // longest first
}

// NewValues collects the values to mask: each value, and each line of a
// multi-line one, of at least MinValueLength bytes.
func NewValues(values ...string) *Values {
	v := &Values{}
	for _, s := range values {
		v.add(s)
		if strings.ContainsAny(s, "\r\n") {
			for _, line := range strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' }) {
				v.add(line)
			}
		}
	}
	slices.SortFunc(v.list, func(a, b string) int { return len(b) - len(a) })
	return v
}

func (v *Values) add(s string) {
	if len(s) >= MinValueLength && !slices.Contains(v.list, s) {
		v.list = append(v.list, s)
	}
}

// List returns the values masked, longest first.
func (v *Values) List() []string {
	if v == nil {
		return nil
	}
	return slices.Clone(v.list)
}

// Longest is the length of the longest value masked (0 for none).
func (v *Values) Longest() int {
	if v == nil || len(v.list) == 0 {
		return 0
	}
	return len(v.list[0])
}

// Spans are the ranges of s that hold a value, sorted and merged.
func (v *Values) Spans(s string) []Span {
	if v == nil {
		return nil
	}
	var spans []Span
	for _, val := range v.list {
		for from := 0; ; {
			i := strings.Index(s[from:], val)
			if i < 0 {
				break
			}
			spans = append(spans, Span{from + i, from + i + len(val)})
			from += i + 1 // overlapping occurrences are merged below
		}
	}
	slices.SortFunc(spans, func(a, b Span) int { return a.Start - b.Start })
	var merged []Span
	for _, sp := range spans {
		if n := len(merged); n > 0 && sp.Start <= merged[n-1].End {
			merged[n-1].End = max(merged[n-1].End, sp.End)
			continue
		}
		merged = append(merged, sp)
	}
	return merged
}

// Mask returns s with every value replaced by ValueMask.
func (v *Values) Mask(s string) string { return v.MaskFrom(s, 0) }

// MaskFrom masks s as Mask does and returns the part from byte from on: a
// value that begins before from and ends after it is shown as ValueMask at
// the start, so a tail of a longer text never shows the rest of a value.
func (v *Values) MaskFrom(s string, from int) string {
	spans := v.Spans(s)
	if len(spans) == 0 {
		return s[from:]
	}
	var b strings.Builder
	last := from
	for _, sp := range spans {
		if sp.End <= from {
			continue
		}
		b.WriteString(s[last:max(sp.Start, last)])
		b.WriteString(ValueMask)
		last = sp.End
	}
	b.WriteString(s[last:])
	return b.String()
}

package review

import (
	"bytes"
	"sort"

	"github.com/squadci/squadci/lint/diag"
)

// Suggestion is a GitHub suggestion: the RIGHT-side lines First..Last of
// the head's file are replaced by Text (without a final line break; empty
// to delete the lines).
type Suggestion struct {
	First, Last int
	Text        string
}

// Suggest renders d's fix on src, the bytes of d's file, as a suggestion:
// the lines of the span and of every edit, with the edits applied to them
// (adoption.md: a suggestion block replaces exactly the lines of the span
// with the fixed lines). ok is false when d has no fix, an edit is out of
// range or overlaps another, or the fixed lines cannot be said as whole
// lines (a fix that adds or removes the file's final line break).
func Suggest(src []byte, d diag.Diagnostic) (s Suggestion, ok bool) {
	if d.Fix == nil || len(d.Fix.Edits) == 0 || !inFile(src, d.Span.Start, d.Span.End) {
		return Suggestion{}, false
	}
	edits := append([]diag.Edit(nil), d.Fix.Edits...)
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].Start < edits[j].Start })
	first, last := spanLines(src, d.Span.Start, d.Span.End)
	for i, e := range edits {
		if !inFile(src, e.Start, e.End) || (i > 0 && e.Start < edits[i-1].End) {
			return Suggestion{}, false
		}
		f, l := spanLines(src, e.Start, e.End)
		first, last = min(first, f), max(last, l)
	}
	start, end := lineStart(src, first), lineEnd(src, last)
	var out bytes.Buffer
	at := start
	for _, e := range edits {
		if e.Start < start || e.End > end {
			return Suggestion{}, false
		}
		out.Write(src[at:e.Start])
		out.WriteString(e.Text)
		at = e.End
	}
	out.Write(src[at:end])
	text, ok := wholeLines(src[start:end], out.Bytes())
	if !ok {
		return Suggestion{}, false
	}
	return Suggestion{First: first, Last: last, Text: text}, true
}

// wholeLines drops the line break the old lines end with from the new
// ones, so the text is what the suggestion block holds. Line breaks are
// written as LF: GitHub keeps the file's own when it applies a suggestion.
func wholeLines(old, fixed []byte) (string, bool) {
	oldEnds := bytes.HasSuffix(old, []byte("\n"))
	newEnds := bytes.HasSuffix(fixed, []byte("\n"))
	switch {
	case len(fixed) == 0:
		return "", oldEnds
	case oldEnds != newEnds:
		return "", false
	case newEnds:
		fixed = bytes.TrimSuffix(bytes.TrimSuffix(fixed, []byte("\n")), []byte("\r"))
	}
	return string(bytes.ReplaceAll(fixed, []byte("\r\n"), []byte("\n"))), true
}

func inFile(src []byte, start, end int) bool {
	return 0 <= start && start <= end && end <= len(src)
}

// spanLines returns the 1-based lines the bytes start..end touch. An empty
// span is on the line of its offset; an offset just past a final line
// break (an insertion at the end of the file) is on the last line, which
// has no successor to comment on.
func spanLines(src []byte, start, end int) (first, last int) {
	first = lineOf(src, start)
	if end > start {
		return first, lineOf(src, end-1)
	}
	return first, first
}

func lineOf(src []byte, off int) int {
	if off == len(src) && off > 0 && src[off-1] == '\n' {
		off-- // past the final line break: still the last line
	}
	return 1 + bytes.Count(src[:off], []byte("\n"))
}

// lineStart is the offset of line n's first byte.
func lineStart(src []byte, n int) int {
	off := 0
	for i := 1; i < n; i++ {
		j := bytes.IndexByte(src[off:], '\n')
		if j < 0 {
			return len(src)
		}
		off += j + 1
	}
	return off
}

// lineEnd is the offset just past line n's line break (or the file's end).
func lineEnd(src []byte, n int) int {
	off := lineStart(src, n)
	if j := bytes.IndexByte(src[off:], '\n'); j >= 0 {
		return off + j + 1
	}
	return len(src)
}

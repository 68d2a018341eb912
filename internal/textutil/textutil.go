// Package textutil cuts text for people and for formats with a length
// limit. Every cut in squadci goes through Truncate, so none splits a
// UTF-8 sequence.
package textutil

// Truncate returns s cut to at most n code points, never inside a UTF-8
// sequence; a byte that is not valid UTF-8 counts as one code point. n <= 0
// gives "".
func Truncate(s string, n int) string {
	count := 0
	for i := range s {
		if count >= n {
			return s[:i]
		}
		count++
	}
	return s
}

// Abbreviate is Truncate with "…" after the cut, when there is one: the
// result is at most n+1 code points.
func Abbreviate(s string, n int) string {
	if cut := Truncate(s, n); len(cut) < len(s) {
		return cut + "…"
	}
	return s
}

package connector

import "strconv"

// maxQuoted is how many code points of an authored value a message repeats.
const maxQuoted = 80

// quoteText is %q of s, cut to maxQuoted code points with a trailing "…".
func quoteText(s string) string {
	n := 0
	for i := range s {
		if n == maxQuoted {
			return strconv.Quote(s[:i] + "…")
		}
		n++
	}
	return strconv.Quote(s)
}

package diag

import (
	"fmt"
	"strings"
)

// Closest returns the candidate nearest to word: equal ignoring case, or
// within two edits (insert, delete, substitute, swap two neighbours),
// ignoring case; "" when none is that close.
func Closest(word string, candidates []string) string {
	best, bestDist := "", 3
	lw := strings.ToLower(word)
	for _, c := range candidates {
		if strings.EqualFold(word, c) {
			return c
		}
		if d := editDistance(lw, strings.ToLower(c), bestDist); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// BestMatch is the one candidate nearest to word, as Closest measures it,
// or "" when none is close or two different candidates are equally near
// (two spellings of one name ignoring case, two names one edit away): a
// message names a suggestion only when it is the single best one, and
// leaves the choice among several to the finding's candidates.
func BestMatch(word string, candidates []string) string {
	best, bestDist, tied := "", 3, false
	lw := strings.ToLower(word)
	for _, c := range candidates {
		d := 0
		if !strings.EqualFold(word, c) {
			d = editDistance(lw, strings.ToLower(c), 3)
		}
		switch {
		case d >= 3:
			// not close
		case d < bestDist:
			best, bestDist, tied = c, d, false
		case d == bestDist && c != best:
			tied = true
		}
	}
	if tied {
		return ""
	}
	return best
}

// DidYouMean returns ` (did you mean "x"?)` for the single best allowed
// word (BestMatch), or "" when none is close or several are equally so.
func DidYouMean(word string, allowed []string) string {
	if best := BestMatch(word, allowed); best != "" && best != word {
		return fmt.Sprintf(" (did you mean %q?)", best)
	}
	return ""
}

// editDistance is the optimal-string-alignment (restricted Damerau–
// Levenshtein) distance between a and b in bytes, or limit when it is at
// least limit. Names longer than a field name plus limit return at once.
func editDistance(a, b string, limit int) int {
	if len(a)-len(b) >= limit || len(b)-len(a) >= limit {
		return limit
	}
	if len(b) > 64 || len(a) > 64 {
		return limit
	}
	var rows [3][65]int
	prev2, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := 0; j <= len(b); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d = min(d, prev2[j-2]+1)
			}
			cur[j] = d
			rowMin = min(rowMin, d)
		}
		if rowMin >= limit {
			return limit
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(b)], limit)
}

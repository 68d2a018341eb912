package secrets

import "math/bits"

// maxKeywords bounds the keyword set so that a set of keywords fits a uint64.
const maxKeywords = 64

// keywordSet finds lower-case ASCII keywords case-insensitively in one pass.
// A position is only compared in full when both its first two bytes can start
// some keyword, which rejects almost every byte of ordinary text with two table
// look-ups.
type keywordSet struct {
	words         []string
	first, second [256]uint64
}

// add registers w (lower-case, at least two bytes) and returns its bit.
func (k *keywordSet) add(w string) uint64 {
	for i, have := range k.words {
		if have == w {
			return 1 << i
		}
	}
	if len(w) < 2 || len(k.words) == maxKeywords || w != lowerASCII(w) {
		panic("secrets: bad keyword " + w)
	}
	bit := uint64(1) << len(k.words)
	k.words = append(k.words, w)
	for _, c := range []byte{w[0], upper(w[0])} {
		k.first[c] |= bit
	}
	for _, c := range []byte{w[1], upper(w[1])} {
		k.second[c] |= bit
	}
	return bit
}

// firstHits reports which keywords occur in s and, in pos, where each first
// occurs. It stops early once every keyword has been seen.
func (k *keywordSet) firstHits(s string, pos *[maxKeywords]int) uint64 {
	var seen uint64
	want := uint64(1)<<len(k.words) - 1
	if len(s) < 2 {
		return 0
	}
	prev := k.first[s[0]]
	for i := 1; i < len(s); i++ {
		m := prev & k.second[s[i]] &^ seen
		prev = k.first[s[i]]
		if m == 0 {
			continue
		}
		for m != 0 {
			b := bits.TrailingZeros64(m)
			m &= m - 1
			if hasPrefixFold(s[i-1:], k.words[b]) {
				seen |= 1 << b
				pos[b] = i - 1
			}
		}
		if seen == want {
			break
		}
	}
	return seen
}

// next returns the offset and index of the first keyword in mask occurring at
// or after from, or -1.
func (k *keywordSet) next(s string, from int, mask uint64) (int, int) {
	if from < 0 || from+1 >= len(s) {
		return -1, -1
	}
	prev := k.first[s[from]] & mask
	for i := from + 1; i < len(s); i++ {
		m := prev & k.second[s[i]]
		prev = k.first[s[i]] & mask
		for m != 0 {
			b := bits.TrailingZeros64(m)
			m &= m - 1
			if hasPrefixFold(s[i-1:], k.words[b]) {
				return i - 1, b
			}
		}
	}
	return -1, -1
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if lower(s[i]) != s[i] {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				b[j] = lower(b[j])
			}
			return string(b)
		}
	}
	return s
}

// hasPrefixFold reports whether s starts with the lower-case ASCII word w,
// ignoring ASCII case in s.
func hasPrefixFold(s, w string) bool {
	if len(s) < len(w) {
		return false
	}
	for i := 0; i < len(w); i++ {
		if lower(s[i]) != w[i] {
			return false
		}
	}
	return true
}

// hasSuffixFold is hasPrefixFold for the end of s.
func hasSuffixFold(s, w string) bool {
	return len(s) >= len(w) && hasPrefixFold(s[len(s)-len(w):], w)
}

// containsFold reports whether the lower-case ASCII word w occurs in s,
// ignoring ASCII case in s.
func containsFold(s, w string) bool {
	if w == "" {
		return true
	}
	c0, c1 := w[0], upper(w[0])
	for i := 0; i+len(w) <= len(s); i++ {
		if (s[i] == c0 || s[i] == c1) && hasPrefixFold(s[i:], w) {
			return true
		}
	}
	return false
}

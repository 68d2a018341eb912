package secrets

import "math"

// entropy is the Shannon entropy of s in bits per byte, H = −Σ p·log2 p over
// the byte frequencies: about 3 for English words, 4–6 for random tokens.
func entropy(s string) float64 {
	h, _ := byteStats(s)
	return h
}

// byteStats returns the entropy of s and how often its most common byte occurs.
func byteStats(s string) (h float64, most int) {
	if s == "" {
		return 0, 0
	}
	var counts [256]uint32
	for i := 0; i < len(s); i++ {
		counts[s[i]]++
	}
	n := float64(len(s))
	for _, c := range counts {
		if c == 0 {
			continue
		}
		most = max(most, int(c))
		p := float64(c) / n
		h -= p * math.Log2(p)
	}
	return h, most
}

// hasLetterAndDigit reports whether s mixes ASCII letters and digits, as
// generated credentials do and words and numbers do not.
func hasLetterAndDigit(s string) bool {
	var letter, digit bool
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case '0' <= c && c <= '9':
			digit = true
		case 'a' <= lower(c) && lower(c) <= 'z':
			letter = true
		}
		if letter && digit {
			return true
		}
	}
	return false
}

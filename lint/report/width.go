package report

import "unicode"

// cellWidth is the number of terminal cells r occupies: 2 for East Asian
// Wide and Fullwidth runes, 0 for combining marks and zero-width format
// characters, 1 otherwise. The table is coarse on purpose (the main CJK,
// Hangul, fullwidth and emoji blocks); it only positions the caret.
func cellWidth(r rune) int {
	switch {
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return 0
	case isWide(r):
		return 2
	}
	return 1
}

var wideRanges = [][2]rune{
	{0x1100, 0x115F},   // Hangul Jamo initial consonants
	{0x2E80, 0x303E},   // CJK radicals, punctuation, ideographic space
	{0x3041, 0x33FF},   // Hiragana, Katakana, Bopomofo, CJK compatibility
	{0x3400, 0x4DBF},   // CJK extension A
	{0x4E00, 0x9FFF},   // CJK unified ideographs
	{0xA000, 0xA4CF},   // Yi
	{0xA960, 0xA97F},   // Hangul Jamo extended A
	{0xAC00, 0xD7A3},   // Hangul syllables
	{0xF900, 0xFAFF},   // CJK compatibility ideographs
	{0xFE10, 0xFE19},   // vertical forms
	{0xFE30, 0xFE6F},   // CJK compatibility forms, small forms
	{0xFF00, 0xFF60},   // fullwidth forms
	{0xFFE0, 0xFFE6},   // fullwidth signs
	{0x1F300, 0x1F64F}, // pictographs, emoticons
	{0x1F900, 0x1F9FF}, // supplemental pictographs
	{0x20000, 0x2FFFD}, // CJK extensions B..F
	{0x30000, 0x3FFFD}, // CJK extension G..
}

func isWide(r rune) bool {
	if r < wideRanges[0][0] {
		return false
	}
	for _, rg := range wideRanges {
		if r >= rg[0] && r <= rg[1] {
			return true
		}
	}
	return false
}

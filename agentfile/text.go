package agentfile

import (
	"fmt"
	"unicode/utf8"

	"github.com/squadci/squadci/lint/diag"
)

// srcLine is one line of the file: [start, end) is its text without the
// line ending ("\n" or "\r\n"); next is where the following line starts.
type srcLine struct {
	start, end, next int
}

// splitLines indexes src from offset from (past a byte-order mark). A file
// ending in a newline has no empty last line.
func splitLines(src []byte, from int) []srcLine {
	lines := make([]srcLine, 0, 1+(len(src)-from)/40)
	start := from
	for i := from; i < len(src); i++ {
		if src[i] != '\n' {
			continue
		}
		end := i
		if end > start && src[end-1] == '\r' {
			end--
		}
		lines = append(lines, srcLine{start, end, i + 1})
		start = i + 1
	}
	if start < len(src) || len(lines) == 0 {
		lines = append(lines, srcLine{start, len(src), len(src)})
	}
	return lines
}

// hasBOM reports a leading UTF-8 byte-order mark, which is removed.
func hasBOM(src []byte) bool {
	return len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF
}

// refusedRune reports the characters the text contract refuses: controls
// other than tab and newline, and the Unicode line and paragraph
// separators. A carriage return is allowed only before a newline, which
// the caller checks.
func refusedRune(r rune) bool {
	switch {
	case r == '\t' || r == '\n':
		return false
	case r < 0x20 || r == 0x7F || (r >= 0x80 && r <= 0x9F):
		return true
	case r == '\u2028' || r == '\u2029':
		return true
	}
	return false
}

// describeRune names a refused character without quoting text around it.
func describeRune(r rune) string {
	switch r {
	case '\r':
		return "a carriage return not followed by a newline"
	case '\u2028':
		return "a Unicode line separator (U+2028)"
	case '\u2029':
		return "a Unicode paragraph separator (U+2029)"
	}
	return fmt.Sprintf("control character U+%04X", r)
}

// checkText enforces the text contract: the size bound, UTF-8, and no
// refused characters. Invalid UTF-8 and an oversized file are fatal: no
// later check can read such a file meaningfully.
func (c *checker) checkText() {
	if len(c.src) > MaxFileBytes {
		c.fail(ruleBounds, diag.Span{}, "", "keep an agent file at or under 256 KiB; move bulky material elsewhere",
			"file is %d bytes; the limit is %d bytes (256 KiB)", len(c.src), MaxFileBytes)
		c.fatal = true
		return
	}
	var firstBad, firstCtl = -1, -1
	var badCount, ctlCount int
	var ctl rune
	src := c.src
	for i := c.bom; i < len(src); {
		b := src[i]
		if b < utf8.RuneSelf {
			if b < 0x20 || b == 0x7F {
				if !(b == '\t' || b == '\n' || (b == '\r' && i+1 < len(src) && src[i+1] == '\n')) {
					if firstCtl < 0 {
						firstCtl, ctl = i, rune(b)
					}
					ctlCount++
				}
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size <= 1 {
			if firstBad < 0 {
				firstBad = i
			}
			badCount++
			i++
			continue
		}
		if refusedRune(r) {
			if firstCtl < 0 {
				firstCtl, ctl = i, r
			}
			ctlCount++
		}
		i += size
	}
	if firstBad >= 0 {
		c.fail(ruleText, diag.Span{Start: firstBad, End: firstBad + 1}, "", "save the file as UTF-8",
			"file is not valid UTF-8%s", more(badCount))
		c.fatal = true
		return
	}
	if firstCtl >= 0 {
		_, size := utf8.DecodeRune(src[firstCtl:])
		c.fail(ruleText, diag.Span{Start: firstCtl, End: firstCtl + size}, "",
			"remove the character; only tab, newline and CRLF line endings are allowed",
			"%s is not allowed%s", describeRune(ctl), more(ctlCount))
	}
}

// more says how many further occurrences a single finding stands for.
func more(count int) string {
	switch count {
	case 0, 1:
		return ""
	case 2:
		return " (1 more in this file)"
	}
	return fmt.Sprintf(" (%d more in this file)", count-1)
}

// decodedRefused returns the byte offset of the first refused character in
// a decoded string, or -1.
func decodedRefused(s string) (rune, int) {
	for i, r := range s {
		if refusedRune(r) {
			return r, i
		}
	}
	return 0, -1
}

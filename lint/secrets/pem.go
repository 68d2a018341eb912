package secrets

import "strings"

// minPEMBody is how many base64 characters make a PEM body a key rather than
// an elided example such as "MIIE...".
const minPEMBody = 64

// findPEM finds "-----BEGIN … PRIVATE KEY-----" blocks. The block ends at its
// "-----END … PRIVATE KEY-----" line; without one (a truncated paste) it ends
// where the base64 body does. Newlines may be real or literal \n escapes, as
// in a raw JSON file.
//
// It is written by hand because a regexp that searches for the END marker
// lazily can rescan the rest of the input once per BEGIN line.
func findPEM(text string, from int, dst []cand) []cand {
	i := from
	for {
		k := strings.Index(text[i:], "-----BEGIN ")
		if k < 0 {
			return dst
		}
		start := i + k
		i = start + len("-----BEGIN")
		hdrEnd, ok := pemLabel(text, i)
		if !ok {
			continue
		}
		i = hdrEnd
		// The first dash run after the header is the END line or another block;
		// searching only that far keeps the scan linear.
		var bodyEnd, end int
		if d := strings.Index(text[hdrEnd:], "-----"); d >= 0 && strings.HasPrefix(text[hdrEnd+d:], "-----END ") {
			bodyEnd = hdrEnd + d
			end, ok = pemLabel(text, bodyEnd+len("-----END"))
		} else {
			ok = false
		}
		if !ok {
			bodyEnd = pemBodyRun(text, hdrEnd)
			end = bodyEnd
		}
		body := text[hdrEnd:bodyEnd]
		if base64Count(body) < minPEMBody || isPEMPlaceholder(body) {
			continue
		}
		dst = append(dst, cand{start: start, end: end})
		i = end
	}
}

// pemLabel checks the label that starts at p (" RSA PRIVATE KEY-----") and
// returns the offset after its closing dashes.
func pemLabel(text string, p int) (int, bool) {
	j := p
	for j < len(text) && j-p <= 100 && isPEMLabelByte(text[j]) {
		j++
	}
	label := text[p:j]
	if !strings.HasPrefix(text[j:], "-----") ||
		!strings.HasSuffix(label, "PRIVATE KEY") && !strings.HasSuffix(label, "PRIVATE KEY BLOCK") {
		return 0, false
	}
	return j + len("-----"), true
}

func isPEMLabelByte(c byte) bool {
	return 'A' <= c && c <= 'Z' || isDigit(c) || c == ' ' || c == '_'
}

// pemBodyRun returns where the base64 body that starts at p ends, not counting
// trailing blanks or escapes.
func pemBodyRun(text string, p int) int {
	end, j := p, p
	for j < len(text) {
		c := text[j]
		switch {
		case isBase64(c):
			j++
			end = j
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			j++
		case c == '\\' && j+1 < len(text) && (text[j+1] == 'n' || text[j+1] == 'r'):
			j += 2
		default:
			return end
		}
	}
	return end
}

func base64Count(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if isBase64(s[i]) {
			n++
		}
	}
	return n
}

// isPEMPlaceholder spots elided or masked key bodies. Bodies are long, so only
// long markers count: a short word would turn up in random base64.
func isPEMPlaceholder(body string) bool {
	if strings.Contains(body, "...") || strings.Contains(body, "\u2026") || hasMaskRun(body, 8) {
		return true
	}
	for _, w := range []string{"redacted", "placeholder", "example", "dummy"} {
		if containsFold(body, w) {
			return true
		}
	}
	return false
}

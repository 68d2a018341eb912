package secrets

import "strings"

// placeholderWords mark documentation values; any of them anywhere in a value
// (ASCII case ignored) makes it a placeholder. Four-letter words are rare
// enough in random text at the lengths compared here.
var placeholderWords = []string{
	"example", "changeme", "change_me", "change-me", "dummy", "placeholder",
	"redacted", "replace_", "replace-", "replaceme", "sample", "fake",
	"your_", "your-", "insert_", "insert-", "notreal", "not_real", "not-real",
	"synthetic",
}

// isPlaceholder reports whether v is a reference or a stand-in rather than a
// credential: ${{ secrets.X }}, ${VAR}, $VAR, %VAR%, <your-token>, …EXAMPLE,
// xxxx, ****, REPLACE_*, changeme and the like, or one character repeated.
func isPlaceholder(v string) bool {
	if v == "" {
		return true
	}
	if isReference(v) || strings.Contains(v, "${") || strings.Contains(v, "{{") {
		return true
	}
	if strings.IndexByte(v, '<') >= 0 && strings.IndexByte(v, '>') >= 0 || v[0] == '<' {
		return true
	}
	if strings.HasSuffix(v, "EXAMPLE") || hasPrefixFold(v, "your") {
		return true
	}
	if hasMaskRun(v, 4) || strings.Contains(v, "...") || strings.Contains(v, "\u2026") {
		return true
	}
	for _, w := range placeholderWords {
		if containsFold(v, w) {
			return true
		}
	}
	_, most := byteStats(v)
	return 2*most > len(v)
}

// isReference reports whether v is an environment or template reference as a
// whole: $VAR, ${VAR}, ${VAR:-default}, $(cmd), %VAR%, $COPILOT_MCP_X.
func isReference(v string) bool {
	switch {
	case len(v) >= 2 && v[0] == '$' && (v[1] == '{' || v[1] == '('):
		return true
	case len(v) >= 2 && v[0] == '$':
		for i := 1; i < len(v); i++ {
			if !isIdentStart(v[i]) && (i == 1 || !isDigit(v[i])) {
				return false
			}
		}
		return true
	case len(v) >= 3 && v[0] == '%' && v[len(v)-1] == '%':
		return true
	}
	return false
}

// hasMaskRun reports a run of at least n of the same masking character:
// x, X or *.
func hasMaskRun(v string, n int) bool {
	run := 0
	for i := 0; i < len(v); i++ {
		c := v[i]
		if (c == 'x' || c == 'X' || c == '*') && i > 0 && v[i-1] == c {
			run++
		} else {
			run = 1
		}
		if run >= n && (c == 'x' || c == 'X' || c == '*') {
			return true
		}
	}
	return false
}

func isDigit(c byte) bool      { return '0' <= c && c <= '9' }
func isLetter(c byte) bool     { return 'a' <= lower(c) && lower(c) <= 'z' }
func isAlnum(c byte) bool      { return isDigit(c) || isLetter(c) }
func isIdentStart(c byte) bool { return isLetter(c) || c == '_' }

// isWord reports bytes that continue a token: letters, digits, '_' and '-'.
func isWord(c byte) bool { return isAlnum(c) || c == '_' || c == '-' }

// documentationDomains are the names reserved for documentation and tests
// (RFC 2606, RFC 6761): a URL on one of them is an example, not an account.
var documentationDomains = []string{"example.com", "example.org", "example.net", "example", "invalid", "test", "localhost"}

// isDocumentationHost reports whether host (a URL's host, maybe with a
// port) is one of documentationDomains or a name below one.
func isDocumentationHost(host string) bool {
	if i := strings.IndexByte(host, ':'); i >= 0 {
		host = host[:i]
	}
	host = strings.TrimSuffix(host, ".")
	for _, d := range documentationDomains {
		if len(host) == len(d) && hasPrefixFold(host, d) ||
			len(host) > len(d) && host[len(host)-len(d)-1] == '.' && hasSuffixFold(host, d) {
			return true
		}
	}
	return false
}

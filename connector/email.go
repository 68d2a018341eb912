package connector

import "strings"

const maxContactLen = 254

// isEmailShaped reports whether s looks like local@domain.tld: a dot-atom
// local part (RFC 5322 atext), one '@', then two or more labels of ASCII
// letters, digits and inner hyphens, the last all letters and at least two
// long. It is a shape check, not delivery: the schema's contact pattern
// encodes exactly the same grammar.
func isEmailShaped(s string) bool {
	if len(s) > maxContactLen {
		return false
	}
	at := strings.IndexByte(s, '@')
	if at < 0 {
		return false
	}
	local, domain := s[:at], s[at+1:]
	for w := range strings.SplitSeq(local, ".") {
		if w == "" || strings.IndexFunc(w, func(r rune) bool { return !isAtext(r) }) >= 0 {
			return false
		}
	}
	dot := strings.LastIndexByte(domain, '.')
	if dot < 0 {
		return false
	}
	for l := range strings.SplitSeq(domain[:dot], ".") {
		if !isDomainLabel(l) {
			return false
		}
	}
	tld := domain[dot+1:]
	if len(tld) < 2 {
		return false
	}
	for i := 0; i < len(tld); i++ {
		if !isASCIILetter(tld[i]) {
			return false
		}
	}
	return true
}

// isAtext is RFC 5322 atext: ASCII letters, digits and !#$%&'*+/=?^_`{|}~-.
func isAtext(r rune) bool {
	return r < 0x80 && (isASCIILetter(byte(r)) || r >= '0' && r <= '9' || strings.ContainsRune("!#$%&'*+/=?^_`{|}~-", r))
}

// isDomainLabel: letters and digits, hyphens only between them.
func isDomainLabel(l string) bool {
	if l == "" || l[0] == '-' || l[len(l)-1] == '-' {
		return false
	}
	for i := 0; i < len(l); i++ {
		if c := l[i]; !(isASCIILetter(c) || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

package connector

// IsKebabID reports whether s matches ^[a-z][a-z0-9]*(-[a-z0-9]+)*$, the
// syntax of connector ids and role ids: lowercase ASCII letters and digits
// in hyphen-separated words, starting with a letter.
func IsKebabID(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case c == '-' && s[i-1] != '-' && i+1 < len(s):
		default:
			return false
		}
	}
	return true
}

// KebabPattern is IsKebabID as a regular expression, for messages.
const KebabPattern = "^[a-z][a-z0-9]*(-[a-z0-9]+)*$"

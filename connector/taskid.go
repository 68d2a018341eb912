package connector

import "strconv"

// maxTaskIDLen bounds a taskId: one leading letter or digit and up to 127
// more characters.
const maxTaskIDLen = 128

const taskIDPattern = "^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"

// IsTaskID reports whether s matches ^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$, the
// syntax of a taskId (and so of the exchange file names it stems).
func IsTaskID(s string) bool {
	if s == "" || len(s) > maxTaskIDLen || !isAlnum(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !isAlnum(c) && c != '.' && c != '_' && c != '-' {
			return false
		}
	}
	return true
}

func isAlnum(c byte) bool { return isASCIILetter(c) || c >= '0' && c <= '9' }

func itoa(i int) string { return strconv.Itoa(i) }

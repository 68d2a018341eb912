package connector

import (
	"strings"
	"time"
)

// parseTimestamp reads an RFC 3339 date-time with a zone ("Z" or ±hh:mm),
// fractional seconds allowed; RFC 3339 permits lowercase 't' and 'z'. The
// grammar is checked before time.Parse, which also takes forms RFC 3339
// does not have (a one-digit hour, a comma before the fraction, offsets
// such as +24:00): the published schemas' timestamp pattern is this
// grammar, and both must agree.
func parseTimestamp(s string) (time.Time, bool) {
	if len(s) < len("2006-01-02T15:04:05Z") || len(s) > 64 || !rfc3339Shape(s) {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, strings.ToUpper(s))
	if err != nil {
		return time.Time{}, false
	}
	return t, true
}

// rfc3339Shape checks the RFC 3339 date-time grammar: fixed-width digits
// and separators, an optional '.' fraction, then Z or an offset whose hour
// is 00-23 and minute 00-59. Ranges of the date and time fields are left
// to time.Parse.
func rfc3339Shape(s string) bool {
	for i, want := range []byte("dddd-dd-ddTdd:dd:dd") {
		c := s[i]
		switch want {
		case 'd':
			if !isDigit(c) {
				return false
			}
		case 'T':
			if c != 'T' && c != 't' {
				return false
			}
		default:
			if c != want {
				return false
			}
		}
	}
	rest := s[19:]
	if rest[0] == '.' {
		n := 1
		for n < len(rest) && isDigit(rest[n]) {
			n++
		}
		if n == 1 {
			return false
		}
		rest = rest[n:]
	}
	if rest == "Z" || rest == "z" {
		return true
	}
	return len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':' &&
		isDigit(rest[1]) && isDigit(rest[2]) && isDigit(rest[4]) && isDigit(rest[5]) &&
		(rest[1] < '2' || rest[1] == '2' && rest[2] <= '3') && rest[4] <= '5'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// FormatTimestamp renders t the way the shim writes timestamps: UTC, whole
// seconds, RFC 3339.
func FormatTimestamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

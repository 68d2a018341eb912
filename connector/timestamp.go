package connector

import (
	"strings"
	"time"
)

// parseTimestamp reads an RFC 3339 date-time with a zone ("Z" or ±hh:mm),
// fractional seconds allowed; RFC 3339 permits lowercase 't' and 'z'.
func parseTimestamp(s string) (time.Time, bool) {
	if len(s) < len("2006-01-02T15:04:05Z") || len(s) > 64 {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, strings.ToUpper(s))
	if err != nil {
		return time.Time{}, false
	}
	return t, true
}

// FormatTimestamp renders t the way the shim writes timestamps: UTC, whole
// seconds, RFC 3339.
func FormatTimestamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

package connector

import (
	"time"

	"github.com/squadci/squadci/lint/diag"
)

// Checks several exchange file kinds share, each reporting with the
// calling kind's own rule.

// knownVersion reports a schemaVersion that is not one of known (hint says
// what to use) and returns it when it is.
func (e *envelope) knownVersion(r *diag.Rule, hint string, known ...string) string {
	v := e.str("schemaVersion")
	if v == nil {
		return ""
	}
	if ver := e.version(known...); ver != "" {
		return ver
	}
	e.report(r.At(e.path, v.Span, "schemaVersion %s is not supported; %s", e.q(v), hint))
	return ""
}

// only11 reports, at their names, the members of a "1.0" file that only
// schemaVersion "1.1" defines.
func (e *envelope) only11(r *diag.Rule, kind string, names ...string) {
	if e.version("1.0", "1.1") != "1.0" {
		return
	}
	for _, m := range e.root.Members {
		for _, name := range names {
			if m.Key == name {
				e.report(r.At(e.path, m.KeySpan, `field %q is defined by schemaVersion "1.1" only; this %s declares "1.0"`, name, kind))
			}
		}
	}
}

// timestamp reads member name as an RFC 3339 date-time with a zone,
// reporting any other string.
func (e *envelope) timestamp(r *diag.Rule, name string) (time.Time, bool) {
	v := e.str(name)
	if v == nil {
		return time.Time{}, false
	}
	t, ok := parseTimestamp(v.Str)
	if !ok {
		e.report(r.At(e.path, v.Span, "%s %s is not an RFC 3339 timestamp with a zone", name, e.q(v)))
	}
	return t, ok
}

// nonblank reads member name, reporting a blank one with message.
func (e *envelope) nonblank(r *diag.Rule, name, message string) (string, bool) {
	v := e.str(name)
	if v == nil {
		return "", false
	}
	if isBlank(v.Str) {
		e.report(r.At(e.path, v.Span, "%s", message))
		return "", false
	}
	return v.Str, true
}

// intInRange reads integer member name, reporting one outside [lo, hi].
// It returns -1 when the member is missing, mistyped or out of range.
func (e *envelope) intInRange(r *diag.Rule, name string, lo, hi int64, why string) int {
	v, n, ok := intMember(e.root, name)
	if v == nil {
		return -1
	}
	if !ok || n < lo || n > hi {
		e.report(r.At(e.path, v.Span, "%s %s is out of range; it must be between %d and %d%s", name, cutText(v.Str), lo, hi, why))
		return -1
	}
	return int(n)
}

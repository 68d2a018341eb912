package squadstate

import (
	"strings"
	"time"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

// field describes one member of a closed JSON object.
type field struct {
	name     string
	kind     source.Kind
	optional bool
	check    func(v *source.Value) string // "" when the value is fine
	fields   []field                      // for a closed nested object
}

// shape reports, with rule r, what differs in object v from fields: a
// missing member (at the object's opening brace), an unknown one (at its
// key, unless unknown returns true having reported it), a wrong JSON type
// or a bad value (at the value).
type shape struct {
	c       *checker
	d       *doc
	r       *diag.Rule
	unknown func(where string, m *source.Value) bool
}

func (s *shape) object(v *source.Value, where string, fields []field) {
	if v.Kind != source.KindObject {
		s.c.report(s.r.At(s.d.path, v.Span, "%s is %s; want an object", where, kindName(v)))
		return
	}
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.name
		m := v.Get(f.name)
		if m == nil {
			if !f.optional {
				s.c.report(s.r.At(s.d.path, diag.Span{Start: v.Span.Start, End: v.Span.Start + 1}, "%s has no %q", where, f.name).AnchoredTo("json:" + where + ".missing:" + f.name))
			}
			continue
		}
		s.value(m, where+"."+f.name, f)
	}
	for _, m := range v.Members {
		if isOneOf(m.Key, names) || (s.unknown != nil && s.unknown(where, m)) {
			continue
		}
		s.c.report(s.r.At(s.d.path, m.KeySpan, "%s has no member %s%s", where, quote(m.Key), keyHint(m.Key, names)).WithCandidates(names))
	}
}

// keyHint ends the message about an unknown key: the single nearest key,
// else a pointer to the finding's candidates, which list the keys.
func keyHint(key string, names []string) string {
	if h := diag.DidYouMean(key, names); h != "" {
		return h
	}
	return "; see its candidates for the keys"
}

func (s *shape) value(m *source.Value, where string, f field) {
	switch {
	case m.Kind != f.kind:
		s.c.report(s.r.At(s.d.path, m.Span, "%s is %s; want %s", where, kindName(m), kindWord(f.kind)))
	case f.fields != nil:
		s.object(m, where, f.fields)
	case f.check != nil:
		if msg := f.check(m); msg != "" {
			s.c.report(s.r.At(s.d.path, m.Span, "%s %s", where, msg))
		}
	}
}

func kindName(v *source.Value) string { return kindWord(v.Kind) }

func kindWord(k source.Kind) string {
	switch k {
	case source.KindObject, source.KindArray:
		return "an " + k.String()
	case source.KindNull:
		return "null"
	}
	return "a " + k.String()
}

// oneOf checks a string value against an enumeration.
func oneOf(vals ...string) func(*source.Value) string {
	return func(v *source.Value) string {
		if isOneOf(v.Str, vals) {
			return ""
		}
		return "is " + quote(v.Str) + "; want one of " + strings.Join(vals, ", ") + diag.DidYouMean(v.Str, vals)
	}
}

// nonNegativeInt checks an integral number ≥ 0.
func nonNegativeInt(v *source.Value) string {
	if n, ok := v.Int(); !ok || n < 0 {
		return "is " + v.Str + "; want an integer ≥ 0"
	}
	return ""
}

// isoTime checks an ISO-8601 timestamp (RFC 3339, or a date); empty is allowed.
func isoTime(v *source.Value) string {
	if v.Str == "" || isISO(v.Str) {
		return ""
	}
	return "is " + quote(v.Str) + "; want an ISO-8601 timestamp such as 2026-03-02T08:00:00Z"
}

func isISO(s string) bool {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02"} {
		if _, err := time.Parse(layout, s); err == nil {
			return true
		}
	}
	return false
}

// stringsOnly checks every element of an array is a string.
func stringsOnly(v *source.Value) string {
	for _, e := range v.Elems {
		if e.Kind != source.KindString {
			return "holds " + kindName(e) + "; want strings only"
		}
	}
	return ""
}

package secrets

import (
	"encoding/base64"
	"strings"
)

// isDerivedUUIDs reports a value made of UUIDs of the versions that are
// computed from public inputs (1, 2 and 6 from a clock and a node, 3 and 5
// from a name), alone or joined by ':' or ',' as composite keys are: an
// identifier anyone can recompute carries no secret. Random UUIDs (version 4)
// and custom ones (8) can be credentials and are left to the other checks.
func isDerivedUUIDs(v string) bool {
	for part := range strings.FieldsFuncSeq(v, func(r rune) bool { return r == ':' || r == ',' }) {
		if !isUUID(part) {
			return false
		}
		switch part[14] {
		case '1', '2', '3', '5', '6':
		default:
			return false
		}
	}
	return v != ""
}

// isUUID reports the 8-4-4-4-12 hex form.
func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch i {
		case 8, 13, 18, 23:
			if s[i] != '-' {
				return false
			}
		default:
			if !isHex(s[i]) {
				return false
			}
		}
	}
	return true
}

func isHex(c byte) bool { return isDigit(c) || 'a' <= lower(c) && lower(c) <= 'f' }

// isEncodedPlaceholder reports a base64 value whose decoding is printable
// text that is itself a placeholder (YWJjZGVm… is "abcdef…"): encoding a
// stand-in does not make it a credential. An encoded user:password stays a
// credential, since its decoding is not a placeholder.
func isEncodedPlaceholder(v string) bool {
	raw, err := base64.StdEncoding.DecodeString(v)
	if err != nil {
		raw, err = base64.RawStdEncoding.DecodeString(v)
	}
	if err != nil || len(raw) == 0 {
		return false
	}
	for _, c := range raw {
		if c < ' ' || c > '~' {
			return false
		}
	}
	d := string(raw)
	return isPlaceholder(d) || isCountingValue(d) || isDocumentationValue(d)
}

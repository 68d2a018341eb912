package connector

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

// integerLiteral reports whether a JSON number is written as an integer:
// no fraction and no exponent.
func integerLiteral(num string) bool {
	return !strings.ContainsAny(num, ".eE")
}

// integralValue reports whether a JSON number has an integral value however
// it is written (60, 60.0, 6e1, 1.5e1 are integral; 60.5 and 1e-1 are not).
// It works on the digits, never converting: "1e999999999" must cost nothing.
func integralValue(num string) bool {
	mant, exp := num, 0
	if i := strings.IndexAny(num, "eE"); i >= 0 {
		mant = num[:i]
		e, ok := smallExponent(num[i+1:])
		if !ok { // |exponent| beyond any digit count: the sign decides
			return num[i+1] != '-' || zeroMantissa(mant)
		}
		exp = e
	}
	frac := ""
	if i := strings.IndexByte(mant, '.'); i >= 0 {
		mant, frac = mant[:i], mant[i+1:]
	}
	frac = strings.TrimRight(frac, "0")
	if frac == "" {
		// An integer mantissa times 10^exp: integral unless exp is negative
		// and the mantissa has fewer trailing zeros than -exp.
		if exp >= 0 {
			return true
		}
		digits := strings.TrimLeft(strings.TrimPrefix(mant, "-"), "0")
		if digits == "" {
			return true
		}
		return len(digits)-len(strings.TrimRight(digits, "0")) >= -exp
	}
	if zeroMantissa(mant + frac) {
		return true
	}
	return exp >= len(frac)
}

// smallExponent parses an exponent that fits comfortably in an int.
func smallExponent(s string) (int, bool) {
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	s = strings.TrimLeft(s, "0")
	if len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

func zeroMantissa(m string) bool {
	for i := 0; i < len(m); i++ {
		if c := m[i]; c >= '1' && c <= '9' {
			return false
		}
	}
	return true
}

// checkIntRange reports integer field i when it lies outside [lo, hi].
// Literals too long for an int64 are out of range too.
func checkIntRange(c *manifestCheck, r *diag.Rule, i int, lo, hi int64) {
	if !c.typed[i] {
		return
	}
	v := c.field[i]
	n, ok := v.Int()
	if ok && n >= lo && n <= hi {
		return
	}
	c.report(r.At(c.path, v.Span, "%s %s is out of range; it must be between %d and %d",
		manifestFields[i].name, cutText(v.Str), lo, hi))
}

package secrets

import (
	"strings"
	"testing"
)

// The generic rule's helpers at their exact bounds: each case sits on one
// side of a limit or a shape rule, so moving a bound or flipping a test
// changes an answer here (the mutation run found these untested).

func TestIsFileNameBounds(t *testing.T) {
	for v, want := range map[string]bool{
		"docs/keys/rotation.md":     true,
		"a/b.c":                     true,  // the shortest: one byte of name, one of extension
		"/b.md":                     true,  // the slash first
		"a/.c":                      false, // the dot right after the slash: a hidden name, no extension
		"a/bb.":                     false, // ends at the dot
		"a/b.abcde":                 true,  // a 5-byte extension
		"a/b.abcdef":                false, // 6 bytes is no extension
		"a/b.MD":                    false, // upper case is no extension here
		"a/b.m9":                    true,  // digits are
		"b.md":                      false, // no slash
		"dir.d/name":                false, // the dot is before the last slash
		"x/y.tar.gz":                true,
		"orchestration-log/ada.md":  true,
		"QmFzZTY0/c2VjcmV0.dmFsdWU": false, // base64 with a '.' and a '/': an extension of 7 bytes
	} {
		if got := isFileName(v); got != want {
			t.Errorf("isFileName(%q) = %v, want %v", v, got, want)
		}
	}
}

func TestIsEmailShapedBounds(t *testing.T) {
	for v, want := range map[string]bool{
		"ops@example.com": true,
		"a@b.c":           true,  // the shortest
		"@example.com":    false, // no local part
		"a@.com":          false, // the dot right after the @
		"a@b.":            false, // ends at the dot
		"a@b.c0m":         false, // a digit in the top-level domain
		"a.b@c":           false, // the last dot is before the @
		"s3cr3t@Pa55w0rd": false,
	} {
		if got := isEmailShaped(v); got != want {
			t.Errorf("isEmailShaped(%q) = %v, want %v", v, got, want)
		}
	}
}

func TestTypedAssignmentBounds(t *testing.T) {
	for _, tc := range []struct {
		text string
		j    int
		next int
		ok   bool
	}{
		{"string = x", 0, 8, true},
		{"[]byte = x", 0, 8, true},
		{"*T = x", 0, 4, true},
		{"String? = x", 0, 9, true},
		{"string=x", 0, 0, false},    // no blank before '='
		{"string == x", 0, 0, false}, // a comparison
		{"string => x", 0, 0, false}, // an arrow
		{"string =", 0, 8, true},     // '=' at the end
		{"string ", 0, 0, false},     // nothing after the blank
		{"9type = x", 0, 0, false},   // not a type's first byte
		{"", 0, 0, false},
		{strings.Repeat("t", maxTypeName) + " = x", 0, maxTypeName + 2, true},   // a type of the bound's length
		{strings.Repeat("t", maxTypeName+1) + " = x", 0, 0, false},              // past it: no blank where the type stops
		{strings.Repeat("t", maxTypeName-1) + " = x", 0, maxTypeName + 1, true}, // just inside
	} {
		next, ok := typedAssignment(tc.text, tc.j)
		if ok != tc.ok || ok && next != tc.next {
			t.Errorf("typedAssignment(%q, %d) = %d, %v; want %d, %v", tc.text, tc.j, next, ok, tc.next, tc.ok)
		}
	}
}

func TestElementValueBounds(t *testing.T) {
	pad := func(n int) string { return strings.Repeat(" ", n) }
	for _, tc := range []struct {
		text       string
		p          int
		start, end int
		ok         bool
	}{
		{"<k>abc</k>", 2, 3, 6, true},
		{"<k>\n  abc\n</k>", 2, 6, 9, true},
		{"<k>" + pad(maxElementSpace) + "abc</k>", 2, 3 + maxElementSpace, 6 + maxElementSpace, true},
		{"<k>" + pad(maxElementSpace+1) + "abc</k>", 2, 0, 0, false}, // more space than an element's text has
		{"<k></k>", 2, 0, 0, false},    // empty
		{"<k>abc", 2, 0, 0, false},     // no end tag
		{"<k>abc<x/>", 2, 0, 0, false}, // another tag, not the end
		{"<k", 2, 0, 0, false},         // p at the end
		{"<k x", 2, 0, 0, false},       // not a '>'
	} {
		s, e, ok := elementValue(tc.text, tc.p)
		if ok != tc.ok || ok && (s != tc.start || e != tc.end) {
			t.Errorf("elementValue(%q, %d) = %d, %d, %v; want %d, %d, %v", tc.text, tc.p, s, e, ok, tc.start, tc.end, tc.ok)
		}
	}
}

func TestSkipBoundsAndSchemes(t *testing.T) {
	if got := skipSpaceUpTo("   x", 0, 2); got != 2 {
		t.Errorf("skipSpaceUpTo stops after n: %d", got)
	}
	if got := skipSpaceUpTo(" \t\n\rx", 0, 10); got != 4 {
		t.Errorf("skipSpaceUpTo skips line breaks: %d", got)
	}
	if got := skipBlanks(strings.Repeat(" ", 20)+"x", 0); got != 16 {
		t.Errorf("skipBlanks skips at most 16: %d", got)
	}
	if got := skipBlanks(" \nx", 0); got != 1 {
		t.Errorf("skipBlanks stops at a line break: %d", got)
	}
	for s, want := range map[string]int{"Bearer abc": 7, "basic  abc": 7, "TOKEN abc": 6, "tokens abc": 0, "abc": 0} {
		if got := skipScheme(s, 0); got != want {
			t.Errorf("skipScheme(%q) = %d, want %d", s, got, want)
		}
	}
	for s, want := range map[string]int{`"x`: 1, "'x": 1, "`x": 1, `\"x`: 2, "x": 0, "": 0} {
		if got := skipQuote(s, 0); got != want {
			t.Errorf("skipQuote(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestIsGeneratedValueLengthBounds(t *testing.T) {
	gen := "Zq7xK2mP9wR4tY8v" // 16 bytes, letters and digits, high entropy
	for v, want := range map[string]bool{
		gen:                           true,
		gen[:minGenericValue]:         true,
		gen[:minGenericValue-1]:       false,
		strings.Repeat(gen, 16):       true, // exactly maxGenericValue
		strings.Repeat(gen, 16) + "x": false,
		"$" + gen:                     false,
		"{" + gen:                     false,
		"<" + gen:                     false,
		"*" + gen:                     false,
		"./" + gen:                    false,
		"~/" + gen:                    false,
		"/" + gen:                     false,
		gen + "(1)":                   false,
		gen + "[0]":                   false,
	} {
		if got := isGeneratedValue(v); got != want {
			t.Errorf("isGeneratedValue(%q) = %v, want %v", v, got, want)
		}
	}
}

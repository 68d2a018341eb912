package secrets

import (
	"strings"
	"testing"
)

// The generic rule's walk and parsers at their exact edges: a name as long
// as the walk reads, a value exactly maxGenericValue long, a text that ends
// on the byte being looked at (the mutation run found these untested).

func genericSpans(text string) []string {
	var out []string
	for _, c := range findGeneric(text, 0, nil) {
		out = append(out, text[c.start:c.end])
	}
	return out
}

func TestGenericNameReadUpToMaxName(t *testing.T) {
	v := fake(base62, 24, 21)
	// maxName bytes are read to the left of the keyword: "public" begins one
	// byte further, so the name read does not contain it.
	left := "public" + strings.Repeat("x", maxName-len("public")+1) + "token = " + v
	if got := genericSpans(left); len(got) != 1 || got[0] != v {
		t.Errorf("name past maxName to the left: got %q, want the value", got)
	}
	// maxName bytes from the keyword on: the "d" that would make the name a
	// ...Id is the first byte not read, so the name stays secret-like.
	right := "token" + strings.Repeat("x", maxName-len("token")-1) + "id = " + v
	if got := genericSpans(right); len(got) != 1 || got[0] != v {
		t.Errorf("name past maxName to the right: got %q, want the value", got)
	}
	if got := genericSpans("token" + strings.Repeat("x", 10) + "id = " + v); len(got) != 0 {
		t.Errorf("a tokenxxxId is metadata: got %q", got)
	}
}

func TestGenericValueLengthEdges(t *testing.T) {
	long := strings.Repeat("Zq7xK2mP9wR4tY8v", 16) // exactly maxGenericValue
	if got := genericSpans("api_token = " + long); len(got) != 1 || got[0] != long {
		t.Errorf("a value of exactly maxGenericValue bytes: got %d spans", len(got))
	}
	if got := genericSpans("api_token = " + long + "x"); len(got) != 0 {
		t.Errorf("a value past maxGenericValue: got %q", got)
	}
	// After an over-long run the walk resumes inside it, not past it: the
	// next line's assignment is still found.
	v := fake(base62, 24, 22)
	text := "api_token = " + strings.Repeat("Zq7xK2mP9wR4tY8v", 20) + "\napi_secret = " + v
	if got := genericSpans(text); len(got) != 1 || got[0] != v {
		t.Errorf("the assignment after an over-long run: got %q, want %q", got, v)
	}
	// A quoted name that ends the text: nothing to read, no panic.
	if got := genericSpans(`x = "api_token`); len(got) != 0 {
		t.Errorf("a text ending in a quoted name: got %q", got)
	}
}

func TestGenericDigestUnderAPath(t *testing.T) {
	hex := "9f86d081884c7d659a2feaa0c55ad015" // a bare 16-byte digest
	if got := genericSpans("api_key: " + hex); len(got) != 1 {
		t.Errorf("a bare hex value under a plain name is reported: got %q", got)
	}
	// The same name after a '/' is a file's: the hex is its digest.
	for _, text := range []string{"files/api_key: " + hex, `files\api_key: ` + hex} {
		if got := genericSpans(text); len(got) != 0 {
			t.Errorf("%q: the digest of a path is not a secret, got %q", text, got)
		}
	}
}

func TestIsKeyAtEdges(t *testing.T) {
	for _, tc := range []struct {
		text, value string
		want        bool
	}{
		{`token: "API_TOKEN_2":`, "API_TOKEN_2", true},   // the key's ':' ends the text
		{`token: "API_TOKEN_2": x`, "API_TOKEN_2", true}, // a blank after it
		{`token: "API_TOKEN_2":x`, "API_TOKEN_2", false}, // no blank: not a key
		{`token: "API_TOKEN_2"`, "API_TOKEN_2", false},
		{`Secret: CLIENT_SECRET_1:`, "CLIENT_SECRET_1:", true},
		{`Secret: CLIENT_SECRET_1: x`, "CLIENT_SECRET_1:", true},
		{`Secret: CLIENT_SECRET_1:x`, "CLIENT_SECRET_1:", false},
	} {
		s := strings.Index(tc.text, tc.value)
		if got := isKeyAt(tc.text, s, s+len(tc.value)); got != tc.want {
			t.Errorf("isKeyAt(%q, %q) = %v, want %v", tc.text, tc.value, got, tc.want)
		}
	}
}

func TestNameShapeEdges(t *testing.T) {
	for _, tc := range []struct {
		text string
		name string
		want bool
	}{
		{"Ab Token: x", "Token", true}, // the shortest word before: two letters and a blank
		{"A Token: x", "Token", false},
		{"Brand Token: x", "Token", true},
		{"API Token: x", "Token", false},
		{"Token: x", "Token", false},
	} {
		l := strings.Index(tc.text, tc.name)
		if got := isProseLabel(tc.text, l, l+len(tc.name)); got != tc.want {
			t.Errorf("isProseLabel(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
	for w, want := range map[string]bool{"Ab": true, "A": false, "AB": false, "ab": false, "Abc": true} {
		if got := isTitleWord(w); got != want {
			t.Errorf("isTitleWord(%q) = %v, want %v", w, got, want)
		}
	}
	for name, want := range map[string]bool{
		"partition_key": true, "partition-key": true, "partition.key": true, "partition__key": true,
		"rowKey": true, "API_KEY": false, "sshKey": false, "key": false,
	} {
		if got := isDataKeyName(name); got != want {
			t.Errorf("isDataKeyName(%q) = %v, want %v", name, got, want)
		}
	}
	for _, tc := range []struct {
		s, w string
		want bool
	}{
		{"rowkey", "rowkey", true},
		{"row_key", "rowkey", true},
		{"xowkey", "rowkey", false}, // the word's first byte counts too
		{"key", "rowkey", false},    // shorter than the word
		{"_key", "rowkey", false},
	} {
		if got := hasSuffixFoldSkipping(tc.s, tc.w); got != tc.want {
			t.Errorf("hasSuffixFoldSkipping(%q, %q) = %v, want %v", tc.s, tc.w, got, tc.want)
		}
	}
	for name, want := range map[string]bool{
		"author_token": true, "author": false, "authorization": true, "AUTHOR_AUTH": true, "authors": false,
	} {
		if got := hasSecretWord(name); got != want {
			t.Errorf("hasSecretWord(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestAssignedAndArgumentValueEdges(t *testing.T) {
	for _, tc := range []struct {
		text       string
		start, end int
		ok         bool
	}{
		{"token = abc", 8, 11, true},
		{"token ::?= abc", 11, 14, true}, // three operator bytes before '='
		{"token ::::= abc", 0, 0, false}, // four are not an operator
		{"token == abc", 0, 0, false},    // a comparison
		{"token => abc", 9, 12, true},
		{"token = ;", 0, 0, false}, // nothing assigned
		{"token: ", 0, 0, false},
	} {
		s, e, ok := assignedValue(tc.text, 5)
		if ok != tc.ok || ok && (s != tc.start || e != tc.end) {
			t.Errorf("assignedValue(%q) = %d, %d, %v; want %d, %d, %v", tc.text, s, e, ok, tc.start, tc.end, tc.ok)
		}
	}
	for _, tc := range []struct {
		text       string
		start, end int
		ok         bool
	}{
		{`, "abc")`, 3, 6, true},
		{`, ""`, 0, 0, false},   // an empty string
		{`, "abc`, 0, 0, false}, // unterminated at the end of the text
		{`, "ab'`, 0, 0, false}, // another quote
		{` "abc"`, 0, 0, false}, // no comma
	} {
		s, e, ok := argumentValue(tc.text, 0)
		if ok != tc.ok || ok && (s != tc.start || e != tc.end) {
			t.Errorf("argumentValue(%q) = %d, %d, %v; want %d, %d, %v", tc.text, s, e, ok, tc.start, tc.end, tc.ok)
		}
	}
	// The type's bound counts from where the type starts, not from the
	// start of the text.
	decl := "x: " + strings.Repeat("t", maxTypeName) + " = v"
	if next, ok := typedAssignment(decl, 3); !ok || next != 3+maxTypeName+2 {
		t.Errorf("typedAssignment of a maxTypeName type at 3 = %d, %v", next, ok)
	}
}

func TestKeyedValueLengthEdges(t *testing.T) {
	long := strings.Repeat("Zq7xK2mP9wR4tY8v", 16) // exactly maxGenericValue
	if s, e, ok := keyedValue(long); !ok || s != 0 || e != len(long) {
		t.Errorf("keyedValue of maxGenericValue bytes = %d, %d, %v", s, e, ok)
	}
	if _, _, ok := keyedValue(long + "x"); ok {
		t.Error("keyedValue accepts a value past maxGenericValue")
	}
	// The bound is on the credential after the scheme, not on its end offset.
	v := "Bearer " + long[:250]
	if s, e, ok := keyedValue(v); !ok || s != len("Bearer ") || e != len(v) {
		t.Errorf("keyedValue(Bearer + 250 bytes) = %d, %d, %v", s, e, ok)
	}
}

func TestGeneratedValueAtMinimumEntropy(t *testing.T) {
	// Eight bytes once and four twice in 16: exactly 3.5 bits per byte.
	v := "Zq7xK2mPa9Ra9bRb"
	if h := entropy(v); h != minGenericBits {
		t.Fatalf("entropy(%q) = %v, want exactly %v", v, h, minGenericBits)
	}
	if !isGeneratedValue(v) {
		t.Errorf("isGeneratedValue(%q) = false at exactly minGenericBits", v)
	}
	if w := "Zq7xK2mPa9Ra9bRa"; isGeneratedValue(w) {
		t.Errorf("isGeneratedValue(%q) = true below minGenericBits (%v)", w, entropy(w))
	}
}

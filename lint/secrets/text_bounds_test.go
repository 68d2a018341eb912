package secrets

import (
	"encoding/base64"
	"slices"
	"testing"
)

// The byte and word helpers the rules share, at their exact bounds: the
// first and last letter of a range, a run of exactly the length asked for,
// a string exactly as long as the word compared (the mutation run found
// these untested).

func TestCaseHelpersAtTheRangeEnds(t *testing.T) {
	for c, want := range map[byte]bool{'A': true, 'Z': true, '@': false, '[': false, 'a': false} {
		if got := isUpper(c); got != want {
			t.Errorf("isUpper(%q) = %v, want %v", c, got, want)
		}
	}
	for c, want := range map[byte]byte{'a': 'A', 'z': 'Z', 'm': 'M', '{': '{', '`': '`', 'Z': 'Z'} {
		if got := upper(c); got != want {
			t.Errorf("upper(%q) = %q, want %q", c, got, want)
		}
	}
	for s, want := range map[string]string{"Ab": "ab", "aB": "ab", "ABC": "abc", "abc": "abc", "": "", "x-Y_z": "x-y_z"} {
		if got := lowerASCII(s); got != want {
			t.Errorf("lowerASCII(%q) = %q, want %q", s, got, want)
		}
	}
	for _, tc := range []struct {
		s, w string
		want bool
	}{
		{"key", "key", true}, // exactly as long as the word
		{"KEY", "key", true},
		{"apiKey", "key", true},
		{"ey", "key", false},
		{"keys", "key", false},
	} {
		if got := hasSuffixFold(tc.s, tc.w); got != tc.want {
			t.Errorf("hasSuffixFold(%q, %q) = %v, want %v", tc.s, tc.w, got, tc.want)
		}
	}
}

func TestKeywordSetAtTheEnds(t *testing.T) {
	var k keywordSet
	ab := k.add("ab")
	cd := k.add("cd")
	var pos [maxKeywords]int
	// A text exactly as long as its one keyword.
	if got := k.firstHits("AB", &pos); got != ab || pos[0] != 0 {
		t.Errorf("firstHits(AB) = %b at %d, want %b at 0", got, pos[0], ab)
	}
	if got := k.firstHits("xcdab", &pos); got != ab|cd || pos[0] != 3 || pos[1] != 1 {
		t.Errorf("firstHits(xcdab) = %b at %v, want both at 3 and 1", got, pos[:2])
	}
	if got := k.firstHits("a", &pos); got != 0 {
		t.Errorf("firstHits(a) = %b, want 0", got)
	}
	for _, tc := range []struct {
		s          string
		from, p, i int
	}{
		{"ab", 0, 0, 0},
		{"xxcd", 0, 2, 1},
		{"xxcd", 2, 2, 1},
		{"xxcd", 3, -1, -1},       // one byte left: too short for any keyword
		{"a", 0, -1, -1},          // a text shorter than any keyword
		{"xx", -1, -1, -1},        // a negative start
		{"no keyword", 0, -1, -1}, // searched to the end
	} {
		p, i := k.next(tc.s, tc.from, ab|cd)
		if p != tc.p || i != tc.i {
			t.Errorf("next(%q, %d) = %d, %d; want %d, %d", tc.s, tc.from, p, i, tc.p, tc.i)
		}
	}
}

func TestPlaceholderShapes(t *testing.T) {
	for v, want := range map[string]bool{
		"Zq7x<K2mP9>w":   true,  // an angle-bracketed stand-in
		">Zq7xK2m<P9w":   true,  // both brackets, the '>' first
		"<Zq7xK2mP9w":    true,  // an opening bracket first
		"Zq7x>K2mP9wR":   false, // a lone '>' is data
		"Zq7x<K2mP9wR":   false, // a lone '<' is data
		"a1a2":           false, // the commonest byte is half the value: not a stand-in
		"a1aa":           true,  // more than half
		"Zq7xK2mP9wR4t8": false,
	} {
		if got := isPlaceholder(v); got != want {
			t.Errorf("isPlaceholder(%q) = %v, want %v", v, got, want)
		}
	}
	for v, want := range map[string]bool{
		"$TOKEN":   true,
		"$T0KEN_2": true,
		"${X}":     true,
		"$(cmd)":   true,
		"%VAR%":    true,
		"$a b":     false, // not a name throughout
		"$1ab":     false, // a name does not start with a digit
		"$":        false,
		"%%":       false,
	} {
		if got := isReference(v); got != want {
			t.Errorf("isReference(%q) = %v, want %v", v, got, want)
		}
	}
	for _, tc := range []struct {
		v    string
		want bool
	}{
		{"xxxx", true}, {"XXXX", true}, {"****", true}, // exactly the run asked for
		{"xxx", false}, {"***", false}, {"aaaa", false}, {"xxXX", false}, {"xx*x", false},
		{"abxxxxcd", true},
	} {
		if got := hasMaskRun(tc.v, 4); got != tc.want {
			t.Errorf("hasMaskRun(%q, 4) = %v, want %v", tc.v, got, tc.want)
		}
	}
	for host, want := range map[string]bool{
		"example.com": true, "api.example.com:8443": true, "x.test": true, "test.": true,
		":x.test":           false, // no host before the port
		"example.community": false, "mytest": false,
	} {
		if got := isDocumentationHost(host); got != want {
			t.Errorf("isDocumentationHost(%q) = %v, want %v", host, got, want)
		}
	}
}

func TestDocumentationWordsAtTheirBounds(t *testing.T) {
	for v, want := range map[string]bool{
		"hello_world":  true, // two words: a shape
		"helloworld":   false,
		"build_v2_123": true,
	} {
		if got := isDocumentationValue(v); got != want {
			t.Errorf("isDocumentationValue(%q) = %v, want %v", v, got, want)
		}
	}
	for seg, want := range map[string]bool{
		"s3cr3t123":                  true, // the trailing number aside
		"P@ssw0rd1":                  true,
		"t0k3n":                      true,
		"123":                        false,
		"s3cr3tx":                    false,
		"abcdefghijklmnop":           false, // the buffer's length
		"abcdefghijklmnopq":          false,
		"passwordspasswordspassword": false,
	} {
		if got := spellsSelfNamingWord(seg); got != want {
			t.Errorf("spellsSelfNamingWord(%q) = %v, want %v", seg, got, want)
		}
	}
	for _, tc := range []struct {
		seg  string
		i    int
		want int
	}{
		{"KEYName", 0, 3}, // an UPPER run ends before the capital of a Title word
		{"APIKEY", 0, 6},
		{"apiKey", 0, 3},
		{"apiKey", 3, 6},
		{"2024abc", 0, 4},
	} {
		if got := wordEnd(tc.seg, tc.i); got != tc.want {
			t.Errorf("wordEnd(%q, %d) = %d, want %d", tc.seg, tc.i, got, tc.want)
		}
	}
	if !namesItself("KEYName") || namesItself("monkey") {
		t.Errorf("namesItself: KEYName %v, monkey %v", namesItself("KEYName"), namesItself("monkey"))
	}
	var segs []string
	for s := range splitSegments("a__b-.c/") {
		segs = append(segs, s)
	}
	if want := []string{"a", "b", "c"}; !slices.Equal(segs, want) {
		t.Errorf("splitSegments = %q, want %q (no empty segments)", segs, want)
	}
	for seg, want := range map[string]bool{
		"bcd":       true,  // three letters need no vowel
		"bcdf":      false, // four do
		"bcda":      true,
		"Title":     true,
		"camelCase": false,
	} {
		if got := isWordSegment(seg); got != want {
			t.Errorf("isWordSegment(%q) = %v, want %v", seg, got, want)
		}
	}
	for d, want := range map[string]bool{
		"20260101": true, "19991231": true, "20261201": true, "20261001": true,
		"20261301": false, "20260132": false, "20260001": false, "20260100": false,
		"18991231": false, "2026010": false,
	} {
		if got := isDate(d); got != want {
			t.Errorf("isDate(%q) = %v, want %v", d, got, want)
		}
	}
}

func TestDerivedAndEncodedAtTheirBounds(t *testing.T) {
	if isUUID("zzzzzzzz-zzzz-1zzz-zzzz-zzzzzzzzzzzz") || isUUID("0123456789abcdef0123456789abcdef0123") {
		t.Error("isUUID accepts a 36-byte value that is not hex in the 8-4-4-4-12 form")
	}
	if !isUUID("0f1e2d3c-4b5a-1978-8a9b-0c1d2e3f4a5b") {
		t.Error("isUUID rejects a UUID")
	}
	enc := base64.StdEncoding.EncodeToString
	for plain, want := range map[string]bool{
		"xxxxx":        true, // padded: the standard decoding applies
		"xxxx yyyy":    true, // a space is printable
		"xxxx~":        true, // so is a tilde
		"xxxx\x1f":     false,
		"xxxx\x7f":     false,
		"Zq7xK2mP9wR4": false, // printable, but not a stand-in
	} {
		if got := isEncodedPlaceholder(enc([]byte(plain))); got != want {
			t.Errorf("isEncodedPlaceholder(base64 %q) = %v, want %v", plain, got, want)
		}
	}
}

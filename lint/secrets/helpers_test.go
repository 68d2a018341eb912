package secrets

import (
	"encoding/base64"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// Test secrets are generated, never written out, so that this file does not
// itself trip secret scanners.
const (
	base62    = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	base64Set = base62 + "+/"
	urlSet    = base62 + "_-"
	awsSet    = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	digits    = "0123456789"
	hexSet    = "0123456789abcdef"
)

// fake returns n bytes drawn from alphabet by a generator seeded with seed.
func fake(alphabet string, n int, seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return string(b)
}

// pemKey builds a PEM private key block with lines joined by nl (a real
// newline, or the two bytes \n as they appear in raw JSON).
func pemKey(label, nl string, bodyLen int) string {
	body := fake(base64Set, bodyLen, 7)
	var b strings.Builder
	if label != "" {
		label += " "
	}
	b.WriteString("-----BEGIN " + label + "PRIV" + "ATE KEY-----")
	for len(body) > 64 {
		b.WriteString(nl + body[:64])
		body = body[64:]
	}
	b.WriteString(nl + body + nl + "-----END " + label + "PRIV" + "ATE KEY-----")
	return b.String()
}

func jwtToken(withSig bool) string {
	enc := base64.RawURLEncoding
	tok := enc.EncodeToString([]byte(`{"alg":"HS256","typ":"JWT"}`)) + "." +
		enc.EncodeToString([]byte(`{"sub":"4711","name":"Ada","iat":1700000000,"scope":"repo"}`)) + "."
	if withSig {
		tok += fake(urlSet, 43, 11)
	}
	return tok
}

// secretCase is one text and the run in it that must be reported; an empty
// secret means the text must yield no match at all.
type secretCase struct {
	name   string
	text   string
	family string
	secret string
}

// checkCase asserts that text yields exactly the expected match, located by
// the first occurrence of c.secret.
func checkCase(t *testing.T, c secretCase, got []Match) {
	t.Helper()
	checkWellFormed(t, c.text, got)
	if c.secret == "" {
		if len(got) != 0 {
			t.Fatalf("want no match, got %s", describe(c.text, got))
		}
		return
	}
	start := strings.Index(c.text, c.secret)
	if start < 0 {
		t.Fatalf("bad case: secret not in text")
	}
	want := Match{Family: c.family, Start: start, End: start + len(c.secret)}
	if len(got) != 1 || got[0].Family != want.Family || got[0].Start != want.Start || got[0].End != want.End {
		t.Fatalf("want %s [%d,%d), got %s", want.Family, want.Start, want.End, describe(c.text, got))
	}
	if got[0].Description == "" || strings.Contains(got[0].Description, c.secret) {
		t.Errorf("description %q is empty or echoes the secret", got[0].Description)
	}
	if r := Redact(c.secret); strings.Contains(r, c.secret) || r != Redact("") {
		t.Errorf("Redact leaks: %q", r)
	}
	if red := RedactMatches(c.text, got); strings.Contains(red, c.secret) {
		t.Errorf("RedactMatches leaks the secret: %q", red)
	}
}

// checkWellFormed asserts the invariants every result must keep.
func checkWellFormed(t *testing.T, text string, ms []Match) {
	t.Helper()
	last := 0
	for _, m := range ms {
		if m.Start < last || m.End <= m.Start || m.End > len(text) {
			t.Fatalf("bad span [%d,%d) after %d in %d bytes: %+v", m.Start, m.End, last, len(text), ms)
		}
		if m.Family == "" || m.Description == "" {
			t.Fatalf("unnamed match %+v", m)
		}
		last = m.End
	}
}

// describe prints matches with their text, for failure messages only.
func describe(text string, ms []Match) string {
	var b strings.Builder
	for _, m := range ms {
		fmt.Fprintf(&b, "%s %q [%d,%d) ", m.Family, text[m.Start:m.End], m.Start, m.End)
	}
	if b.Len() == 0 {
		return "nothing"
	}
	return b.String()
}

package connector

import (
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// TestCaseFixNeverMeetsACredential is why CN101's case fix needs no
// credential guard: a key that folds to an allowed field is ASCII letters
// (never scanned) or holds one of the letters that fold to ASCII (K, the
// Kelvin sign; ſ, the long s), and no credential family takes such a name.
// Every spelling tried is offered its fix, and none is flagged CN010.
func TestCaseFixNeverMeetsACredential(t *testing.T) {
	r := rand.New(rand.NewSource(28))
	for _, f := range manifestFields {
		for n := 0; n < 300; n++ {
			key := respell(r, f.name)
			if key == f.name {
				continue
			}
			src := `{` + strconv.Quote(key) + `: "x"}`
			_, ds := ParseManifest("connectors/x.json", []byte(src))
			fixed := false
			for _, d := range ds {
				switch d.Rule {
				case "CN010":
					t.Fatalf("%s: key %q is flagged as a credential: %s", f.name, key, d.Message)
				case "CN101":
					fixed = d.Fix != nil
				}
			}
			if !fixed {
				t.Errorf("%s: key %q gets no case fix", f.name, key)
			}
		}
	}
}

// respell spells name in random letter case, with the non-ASCII letters
// that fold to k and s now and then.
func respell(r *rand.Rand, name string) string {
	var b strings.Builder
	for _, c := range name {
		switch x := r.Intn(3); {
		case (c == 'k' || c == 'K') && x == 0:
			b.WriteRune('\u212A')
		case (c == 's' || c == 'S') && x == 0:
			b.WriteRune('\u017F')
		case x == 1:
			b.WriteString(strings.ToUpper(string(c)))
		default:
			b.WriteString(strings.ToLower(string(c)))
		}
	}
	return b.String()
}

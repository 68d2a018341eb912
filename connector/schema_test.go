package connector

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/squadci/squadci/lint/diag"
)

const manifestSchemaPath = "../docs/schema/manifest.schema.json"

// schemaBlind lists the rules whose errors JSON Schema cannot express. A
// fixture is left out of the agreement check only when every error it
// yields comes from this list.
var schemaBlind = []string{
	"CN001", // json-syntax: the schema sees a value, or nothing
	"CN002", // json-duplicate-key: decoders keep one of the two members silently
	"CN003", // json-bom: bytes before the JSON text
	"CN004", // json-invalid-utf8: decoders substitute U+FFFD
	"CN005", // json-trailing-data: bytes after the JSON text
	"CN006", // json-too-deep: the schema has no nesting bound
	"CN010", // credential-shaped-content: not a pattern a schema can hold
	"CN105", // manifest-integer-notation: JSON Schema's integer is a value, so 6e1 and 60.0 are integers
	"CN122", // duplicate-connector-id: compares files
	"CN123", // drop-path-overlap: compares files
}

var manifestSchemaURL string

func compileSchema(t testing.TB, ptr string) *jsonschema.Schema {
	t.Helper()
	abs, err := filepath.Abs(manifestSchemaPath)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	s, err := c.Compile(abs + ptr)
	if err != nil {
		t.Fatalf("compiling %s%s: %v", manifestSchemaPath, ptr, err)
	}
	return s
}

// TestSchemaAgreesWithValidator: for every single-file fixture the published
// schema accepts the file exactly when ParseManifest reports no error.
func TestSchemaAgreesWithValidator(t *testing.T) {
	schema := compileSchema(t, "")
	blind := map[string]bool{}
	for _, id := range schemaBlind {
		if _, ok := diag.Lookup(id); !ok {
			t.Fatalf("schemaBlind names unregistered rule %s", id)
		}
		blind[id] = true
	}
	files := append(fixtureFiles(t, "ok"), fixtureFiles(t, "err")...)
	checked := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		_, ds := ParseManifest(filepath.Base(file), src)
		var errs []string
		allBlind := true
		for _, d := range ds {
			if d.Severity == diag.SeverityError {
				errs = append(errs, d.Rule)
				allBlind = allBlind && blind[d.Rule]
			}
		}
		if len(errs) > 0 && allBlind {
			continue
		}
		checked++
		accepted := false
		if inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(src)); err == nil {
			accepted = schema.Validate(inst) == nil
		}
		if accepted != (len(errs) == 0) {
			verdict := "rejects"
			if accepted {
				verdict = "accepts"
			}
			t.Errorf("%s: schema %s it, Go validator errors: %v", filepath.Base(file), verdict, errs)
		}
	}
	t.Logf("compared %d of %d fixtures", checked, len(files))
	if checked < 50 {
		t.Errorf("only %d fixtures compared", checked)
	}
}

// TestSchemaPatternsAgree compares each hand-written Go check with the
// schema's subschema for the same field on a corpus of tricky strings plus
// random ones built from the characters the grammars care about.
func TestSchemaPatternsAgree(t *testing.T) {
	cases := []struct {
		ptr    string
		accept func(string) bool
	}{
		{"#/properties/connectorId", func(s string) bool { return text(s) && IsKebabID(s) && len(s) <= maxConnectorIDLen }},
		{"#/properties/roles/items", func(s string) bool { return text(s) && IsKebabID(s) && !isReservedRole(s) }},
		{"#/properties/capabilities/items", func(s string) bool { return text(s) && !isBlank(s) }},
		{"#/properties/dropPath", func(s string) bool { _, ok := CheckSafePath(s, true); return text(s) && ok }},
		{"#/properties/contact", func(s string) bool { return text(s) && isEmailShaped(s) }},
		{"#/properties/version", func(s string) bool { return text(s) && isSemVer(s) }},
	}
	corpus := patternCorpus()
	for _, c := range cases {
		schema := compileSchema(t, c.ptr)
		for _, s := range corpus {
			if got, want := schema.Validate(s) == nil, c.accept(s); got != want {
				t.Errorf("%s %q: schema accepts=%v, Go accepts=%v", c.ptr, s, got, want)
			}
		}
	}
}

// text is what the schema's $defs/text demands of every string.
func text(s string) bool {
	_, n := firstControl(s)
	return n == 0 && len(placeholders(s)) == 0 && utf8.RuneCountInString(s) <= maxStringPoints
}

func patternCorpus() []string {
	corpus := []string{
		"", "a", "a-b", "a--b", "-a", "a-", "A", "a1", "1a", strings.Repeat("a", 63), strings.Repeat("a", 64),
		"coordinator", "scribe", "council-x", "REPLACE_ROLE", "x REPLACE_", "REPLACE_a",
		" ", "\t", "\u00a0", "\u3000", "\u2028", "\ufeff", "\u200b", "\u0085", "x\u0085", " x ", "\u0007", "a\rb", "a\nb",
		".connector-drops/acme/", ".connector-drops/acme", "a/", "a//", "/a", "//a", `\\a`, "a\\b", "C:/a", "c:", "a:b",
		"..", "../a", "a/..", "a/../b", ".", "./a", "a/.", "...", "a./", "a /", " a/", "con", "CON/", "con.txt", "Con.tar.gz/x",
		"conx", "com0", "com1", "COM9.log", "lpt10", "nul.", "aux /", "a/b/c/", "a/b/c//", "x/prn", "x/prn.d/y",
		"a@b.co", "a@b.c", "a@b", "a.b@c-d.ef", "a..b@c.de", ".a@b.cd", "a@-b.cd", "a@b-.cd", "a@b--c.de", "a@b.c1",
		"a@b.cd.", "a@@b.cd", "first.last+tag@mail.example.co.uk", "a b@c.de", "連絡@example.com", "a@例え.jp",
		"1.0.0", "1.0", "01.0.0", "1.0.0-0", "1.0.0-01", "1.0.0-0a", "1.0.0-a.b.c", "1.0.0-", "1.0.0+", "1.0.0+0.01",
		"1.0.0-rc.1+build.5", "1.0.0-a..b", "v1.0.0", "1.0.0-\u00e9", "10.20.30-alpha-beta+sha.0a1b", "1.0.0\n",
		strings.Repeat("研", 10000), strings.Repeat("研", 10001),
	}
	tokens := []string{"a", "z", "A", "Q", "0", "1", "9", "-", "_", ".", "..", "/", "//", `\`, ":", " ", "\t", "\n",
		"\r", "@", "+", "con", "NUL", "com1", "Lpt9", "aux.", "\u00a0", "\u3000", "\u0085", "\u0007", "é", "研",
		"REPLACE_X", "x", "example", "co", "-rc", "scribe"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 4000 {
		var b strings.Builder
		for range rng.IntN(9) {
			b.WriteString(tokens[rng.IntN(len(tokens))])
		}
		corpus = append(corpus, b.String())
	}
	return corpus
}

package lint

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/squadci/squadci/lint/diag"
)

var updateSchemas = flag.Bool("update-schemas", false, "rewrite the registry-derived patterns in docs/schema/")

// The registry-derived patterns of the published schemas: what squadci
// accepts as a rule key in rules: (lint/diag.Lookup), as a severity
// (diag.ParseSeverity) and as the rule list of a state reason
// (connector.ParseReason). They are generated from the registry and the
// Unicode tables Go's case mapping uses, so a rule added anywhere shows up
// here as a failing test until `go test ./lint -run TestSchemaPatternsUpToDate -update-schemas`.
func TestSchemaPatternsUpToDate(t *testing.T) {
	for _, c := range []struct {
		file, def, pattern string
	}{
		{"squadci-1.schema.json", "ruleKey", ruleKeyPattern()},
		{"squadci-1.schema.json", "severity", severityPattern()},
		{"state-1.schema.json", "reason", reasonPattern()},
	} {
		path := "../docs/schema/" + c.file
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Defs map[string]struct {
				Pattern string `json:"pattern"`
			} `json:"$defs"`
		}
		if err := json.Unmarshal(src, &doc); err != nil {
			t.Fatal(err)
		}
		old := doc.Defs[c.def].Pattern
		if old == c.pattern {
			continue
		}
		if !*updateSchemas {
			t.Errorf("%s $defs/%s/pattern is out of date with the rule registry; run go test ./lint -run TestSchemaPatternsUpToDate -update-schemas", c.file, c.def)
			continue
		}
		if _, err := regexp.Compile(c.pattern); err != nil {
			t.Fatal(err)
		}
		oldJSON, newJSON := []byte(jsonString(old)), []byte(jsonString(c.pattern))
		if bytes.Count(src, oldJSON) != 1 {
			t.Fatalf("%s: the old pattern of %s is not found exactly once", c.file, c.def)
		}
		if err := os.WriteFile(path, bytes.Replace(src, oldJSON, newJSON, 1), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// foldClass is a character class of every rune that fold maps to the
// ASCII character c, c first. Only ASCII targets are needed: rule ids and
// severity words are ASCII.
func foldClass(c rune, fold func(rune) rune) string {
	runes := []rune{c}
	for _, r := range foldSources(fold)[c] {
		if r != c {
			runes = append(runes, r)
		}
	}
	if len(runes) == 1 {
		return string(c)
	}
	return "[" + string(runes) + "]"
}

var foldTables = map[string]map[rune][]rune{}

// foldSources maps each ASCII rune to the runes fold maps to it, in one
// pass over Unicode per fold.
func foldSources(fold func(rune) rune) map[rune][]rune {
	key := "lower"
	if fold('a') == 'A' {
		key = "upper"
	}
	if m, ok := foldTables[key]; ok {
		return m
	}
	m := map[rune][]rune{}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if to := fold(r); to < utf8.RuneSelf {
			m[to] = append(m[to], r)
		}
	}
	foldTables[key] = m
	return m
}

func foldWord(w string, fold func(rune) rune) string {
	var b strings.Builder
	for _, c := range w {
		b.WriteString(foldClass(c, fold))
	}
	return b.String()
}

// ruleKeyPattern: a rule id after strings.ToUpper, or a rule name exactly.
func ruleKeyPattern() string {
	var alts []string
	for _, r := range diag.All() {
		alts = append(alts, foldWord(r.ID, unicode.ToUpper), regexp.QuoteMeta(r.Name))
	}
	return "^(?:" + strings.Join(alts, "|") + ")$"
}

// severityPattern: a severity word after strings.TrimSpace and ToLower.
func severityPattern() string {
	var space []rune
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if unicode.IsSpace(r) {
			space = append(space, r)
		}
	}
	ws := "[" + strings.NewReplacer("\t", `\t`, "\n", `\n`, "\v", `\v`, "\f", `\f`, "\r", `\r`).Replace(string(space)) + "]*"
	var alts []string
	for _, w := range []string{"error", "warning", "note", "off", "none"} {
		alts = append(alts, foldWord(w, unicode.ToLower))
	}
	return "^" + ws + "(?:" + strings.Join(alts, "|") + ")" + ws + "$"
}

// reasonPattern: a reason code, tampered and invalid-result with registered
// rule ids (exactly as registered) after a colon.
func reasonPattern() string {
	var ids []string
	for _, r := range diag.All() {
		ids = append(ids, r.ID)
	}
	slices.Sort(ids)
	id := "(?:" + strings.Join(ids, "|") + ")"
	return "^(?:(?:tampered|invalid-result)(?::" + id + "(?:," + id + ")*)?|deadline|retry-cap|producer-failed)$"
}

package lint

import (
	"errors"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/report"
)

func finding(rule, path, fp string, line int) report.Finding {
	return report.Finding{Diagnostic: diag.Diagnostic{Rule: rule, Path: path}, Line: line, Fingerprint: fp}
}

const (
	fpA = "0123456789abcdef0123456789abcdef"
	fpB = "fedcba9876543210fedcba9876543210"
)

// TestBaselineMarshal pins the byte layout of adoption.md: sorted by path,
// rule, fingerprint; one entry per line; counts; LF; final newline.
func TestBaselineMarshal(t *testing.T) {
	b := NewBaseline([]report.Finding{
		finding("CN101", "connectors/b.json", fpA, 3),
		finding("CN101", "connectors/a.json", fpB, 9),
		finding("CN101", "connectors/a.json", fpB, 12),
		finding("AG101", "connectors/a.json", fpB, 1), // the rule orders before the fingerprint
		finding("CN101", "connectors/a.json", fpA, 4),
	})
	want := `{"version": 2, "tool": "squadci",
 "findings": [
  {"rule": "AG101", "path": "connectors/a.json", "fingerprint": "` + fpB + `", "count": 1},
  {"rule": "CN101", "path": "connectors/a.json", "fingerprint": "` + fpA + `", "count": 1},
  {"rule": "CN101", "path": "connectors/a.json", "fingerprint": "` + fpB + `", "count": 2},
  {"rule": "CN101", "path": "connectors/b.json", "fingerprint": "` + fpA + `", "count": 1}
 ]}
`
	if got := string(b.Marshal()); got != want {
		t.Errorf("Marshal =\n%s\nwant\n%s", got, want)
	}
	back, err := ParseBaseline("b.json", b.Marshal())
	if err != nil || len(back.Entries) != 4 || back.Entries[2].Count != 2 || back.Total() != 5 {
		t.Fatalf("round trip = %+v, %v", back, err)
	}
	if got := string(NewBaseline(nil).Marshal()); got != "{\"version\": 2, \"tool\": \"squadci\",\n \"findings\": []}\n" {
		t.Errorf("empty baseline = %q", got)
	}
}

// TestBaselineApply consumes counts in occurrence order: a second identical
// mistake is new; entries left over are fixed, counted only in scope.
func TestBaselineApply(t *testing.T) {
	b := &Baseline{Path: "b.json", Entries: []BaselineEntry{
		{Rule: "CN101", Path: "a.json", Fingerprint: fpA, Count: 1},
		{Rule: "CN101", Path: "c.json", Fingerprint: fpB, Count: 2},
		{Rule: "CN101", Path: "other/d.json", Fingerprint: fpB, Count: 1},
	}}
	run := &report.Run{Findings: []report.Finding{
		finding("CN101", "a.json", fpA, 3),
		finding("CN101", "a.json", fpA, 8),  // the same mistake again: new
		finding("CN102", "a.json", fpA, 9),  // another rule: new
		finding("CN101", "c.json", fpB, 10), // one of two: the other is fixed
	}}
	b.Apply(run, func(p string) bool { return !strings.HasPrefix(p, "other/") })
	if len(run.Findings) != 2 || run.Findings[0].Line != 8 || run.Findings[1].Rule != "CN102" {
		t.Errorf("kept = %+v", run.Findings)
	}
	a := run.Adoption
	if a.BaselineHidden != 2 || a.BaselineFixed != 1 || a.Baseline != "b.json" {
		t.Errorf("adoption = %+v", a)
	}
	if note := a.FixedNote(); note != "1 baseline entry is fixed; `--write-baseline` to drop them" {
		t.Errorf("note = %q", note)
	}
}

func TestParseBaselineErrors(t *testing.T) {
	entry := func(s string) string {
		return "{\"version\": 1, \"tool\": \"squadci\",\n \"findings\": [\n  " + s + "\n ]}\n"
	}
	good := `{"rule": "CN101", "path": "a.json", "fingerprint": "` + fpA + `", "count": 1}`
	tests := []struct{ name, src, want string }{
		{"not json", "{", "b.json:1:2: invalid JSON"},
		{"array", "[]", "b.json:1:1: a baseline is a JSON object, not array"},
		{"version", `{"version": 3, "tool": "squadci", "findings": []}`, `b.json:1:13: "version" must be 2`},
		{"version string", `{"version": "1", "tool": "squadci", "findings": []}`, `b.json:1:13: "version" must be 2`},
		{"no tool", `{"version": 1, "findings": []}`, `b.json:1:1: "tool" must be "squadci"`},
		{"unknown key", `{"version": 1, "tool": "squadci", "finding": []}`, `b.json:1:35: unknown key "finding" in the baseline; allowed: version, tool, findings (did you mean "findings"?)`},
		{"findings object", `{"version": 1, "tool": "squadci", "findings": {}}`, `b.json:1:47: "findings" must be an array`},
		{"entry kind", entry(`"CN101"`), "b.json:3:3: findings[0] must be an object {rule, path, fingerprint, count}, not string"},
		{"entry key", entry(`{"rule": "CN101", "line": 3}`), `b.json:3:21: unknown key "line" in findings[0]`},
		{"no path", entry(`{"rule": "CN101", "fingerprint": "` + fpA + `", "count": 1}`), "b.json:3:3: findings[0].path must be a non-empty string"},
		{"bad fingerprint", entry(`{"rule": "CN101", "path": "a.json", "fingerprint": "XYZ", "count": 1}`), `b.json:3:54: findings[0].fingerprint "XYZ" is not a squadci fingerprint`},
		{"zero count", entry(`{"rule": "CN101", "path": "a.json", "fingerprint": "` + fpA + `", "count": 0}`), "b.json:3:99: findings[0].count must be a positive whole number"},
		{"fraction count", entry(`{"rule": "CN101", "path": "a.json", "fingerprint": "` + fpA + `", "count": 1.5}`), "b.json:3:99: findings[0].count must be"},
		{"repeated", entry(good + ",\n  " + good), "b.json:4:3: findings[1] repeats the entry at line 3"},
		{"count past 2^31", entry(`{"rule": "CN101", "path": "a.json", "fingerprint": "` + fpA + `", "count": 2147483649}`), "b.json:3:99: findings[0].count must be"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseBaseline("b.json", []byte(tc.src))
			var ce *ConfigError
			if !errors.As(err, &ce) || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("err = %v\nwant prefix %q", err, tc.want)
			}
		})
	}
}

// The largest count a baseline holds is 2^31.
func TestParseBaselineLargestCount(t *testing.T) {
	src := `{"version": 2, "tool": "squadci", "findings": [{"rule": "CN101", "path": "a.json", "fingerprint": "` + fpA + `", "count": 2147483648}]}`
	b, err := ParseBaseline("b.json", []byte(src))
	if err != nil || len(b.Entries) != 1 || b.Entries[0].Count != 1<<31 {
		t.Fatalf("count 2^31: %v %+v", err, b)
	}
}

func TestReadBaselineMissing(t *testing.T) {
	_, err := ReadBaseline(t.TempDir()+"/none.json", "none.json")
	var ce *ConfigError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "none.json: cannot read baseline") ||
		!strings.Contains(err.Error(), "--write-baseline none.json") {
		t.Errorf("err = %v", err)
	}
}

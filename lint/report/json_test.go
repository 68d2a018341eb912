package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestWriteJSONGolden(t *testing.T) {
	tests := []struct {
		golden string
		write  func(*bytes.Buffer, *Run) error
	}{
		{"json.golden", func(b *bytes.Buffer, r *Run) error { return WriteJSON(b, r) }},
		{"jsonl.golden", func(b *bytes.Buffer, r *Run) error { return WriteJSONL(b, r) }},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if err := tt.write(&buf, sampleRun()); err != nil {
			t.Fatal(err)
		}
		golden(t, tt.golden, buf.Bytes())
	}
}

func TestWriteJSONShape(t *testing.T) {
	tests := []struct {
		name  string
		run   *Run
		diags int
	}{
		{"empty", &Run{ToolName: "squadci", ToolVersion: "0.1.0"}, 0},
		{"sample", sampleRun(), 6}, // the three findings of one cause are one
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if err := WriteJSON(&buf, tt.run); err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(buf.String(), "}\n") {
			t.Errorf("%s: no final newline", tt.name)
		}
		var doc struct {
			Version     int                          `json:"version"`
			Diagnostics []map[string]json.RawMessage `json:"diagnostics"`
			Counts      map[string]int               `json:"counts"`
		}
		if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if doc.Version != 1 || doc.Diagnostics == nil || len(doc.Diagnostics) != tt.diags {
			t.Errorf("%s: version %d, %d diagnostics (nil %v)", tt.name, doc.Version, len(doc.Diagnostics), doc.Diagnostics == nil)
		}
		for _, d := range doc.Diagnostics {
			for _, key := range []string{"rule", "name", "severity", "path", "line", "column", "endLine", "endColumn", "message", "help", "hint", "related"} {
				if _, ok := d[key]; !ok {
					t.Errorf("%s: diagnostic without %q", tt.name, key)
				}
			}
		}
		errs, warns, notes := tt.run.Counts()
		if doc.Counts["error"] != errs || doc.Counts["warning"] != warns || doc.Counts["note"] != notes {
			t.Errorf("%s: counts %v", tt.name, doc.Counts)
		}
	}
}

func TestWriteJSONEmptyDiagnosticsIsArray(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteJSON(&buf, &Run{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"diagnostics": []`) {
		t.Errorf("want an empty array:\n%s", buf.String())
	}
}

func TestWriteJSONLOneObjectPerLine(t *testing.T) {
	var buf bytes.Buffer
	run := sampleRun()
	if err := WriteJSONL(&buf, run); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != len(run.Findings) {
		t.Fatalf("%d lines for %d findings", len(lines), len(run.Findings))
	}
	for i, line := range lines {
		var d jsonDiagnostic
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if d.Message != run.Findings[i].Message || d.Help != helpURL(&run.Findings[i]) || d.Hint != hintOf(&run.Findings[i]) {
			t.Errorf("line %d: %+v", i+1, d)
		}
	}
	buf.Reset()
	if err := WriteJSONL(&buf, &Run{}); err != nil || buf.Len() != 0 {
		t.Errorf("empty run wrote %q, %v", buf.String(), err)
	}
}

// hintOf is the repair text the text format prints after help:.
func hintOf(f *Finding) string {
	if r := ruleOf(f); r != nil {
		return r.Help
	}
	return ""
}

func TestJSONKeepsTheRepairHint(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteJSON(&buf, sampleRun()); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Diagnostics []jsonDiagnostic `json:"diagnostics"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"TT001": ruleField.Help, "TT002": "", "TT003": ruleNote.Help}
	for _, d := range doc.Diagnostics {
		if d.Hint != want[d.Rule] {
			t.Errorf("%s: hint %q, want %q", d.Rule, d.Hint, want[d.Rule])
		}
		if d.Help == "" {
			t.Errorf("%s: the help URL went missing", d.Rule)
		}
	}
}

// TestAdoptionOutputs: the json format and the job summary say what the
// baseline and --new-from-rev hid; without them json says null.
func TestAdoptionOutputs(t *testing.T) {
	run := sampleRun()
	var plain bytes.Buffer
	if err := WriteJSON(&plain, run); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(plain.String(), `"baseline": null,`) || !strings.Contains(plain.String(), `"newFromRev": null`) {
		t.Errorf("json without filters:\n%s", plain.String())
	}
	run.Adoption = &Adoption{Baseline: "b.json", BaselineHidden: 4, BaselineFixed: 3, NewFromRev: "main", Unchanged: 2}
	var buf bytes.Buffer
	if err := WriteJSON(&buf, run); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Baseline struct {
			Path          string
			Hidden, Fixed int
		}
		NewFromRev struct {
			Rev    string
			Hidden int
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Baseline.Path != "b.json" || doc.Baseline.Hidden != 4 || doc.Baseline.Fixed != 3 ||
		doc.NewFromRev.Rev != "main" || doc.NewFromRev.Hidden != 2 {
		t.Errorf("json adoption = %+v", doc)
	}
	md := StepSummary(run, 0)
	for _, want := range []string{"- the baseline b.json hid 4 findings\n", "- 2 findings already present at main not shown\n",
		"- 3 baseline entries are fixed; \\`--write-baseline\\` to drop them\n"} {
		if !strings.Contains(md, want) {
			t.Errorf("summary lacks %q:\n%s", want, md)
		}
	}
}

func TestAdoptionSARIFNotification(t *testing.T) {
	run := sampleRun()
	run.Adoption = &Adoption{Baseline: "b.json", BaselineHidden: 1}
	var buf bytes.Buffer
	if _, err := WriteSARIF(&buf, run); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"level": "note",`) || !strings.Contains(buf.String(), `"text": "the baseline b.json hid 1 finding"`) {
		t.Errorf("sarif lacks the baseline note:\n%s", buf.String())
	}
}

package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/diag"
)

// sarifCases are the runs whose SARIF must pass the schema and the
// multitool. big marks the ones too slow for the multitool.
func sarifCases() []struct {
	name string
	run  *Run
	big  bool
} {
	empty := &Run{ToolName: "squadci", ToolVersion: "0.1.0"}
	noVersion := sampleRun()
	noVersion.ToolVersion, noVersion.Category = "(devel)", ""
	odd := &Run{ToolName: "", ToolVersion: "v1.2.3", Category: "lint/agents", Findings: []Finding{
		{Diagnostic: diag.Diagnostic{Rule: "TT002", Severity: diag.SeverityWarning, Path: "docs/ü b#c?.md"},
			Line: 0, Column: 0, EndLine: 0, EndColumn: 0},
		{Diagnostic: diag.Diagnostic{Rule: "TT001", Severity: diag.SeverityError, Path: "a.json", Message: "   "},
			Line: 4, Column: 7, EndLine: 4, EndColumn: 7, SourceLine: "abcdefgh"},
	}}
	fixes := sampleRun()
	fixes.Findings[0].Fix = diag.Replace(diag.Span{Start: 30, End: 38}, `"command"`)
	fixes.Findings[1].Fix = &diag.Fix{Edits: []diag.Edit{{Start: 0, End: 3}, {Start: 50, End: 50, Text: "x\r\n"}}}
	return []struct {
		name string
		run  *Run
		big  bool
	}{
		{"sample", sampleRun(), false},
		{"fixes (a replacement, a deletion, an insertion)", fixes, false},
		{"empty", empty, false},
		{"no version, no category", noVersion, false},
		{"odd positions and paths", odd, false},
		{"over the cap", manyFindings(SARIFMaxResults/2, SARIFMaxResults/2, 100), true},
	}
}

func writeSARIF(t *testing.T, run *Run) ([]byte, []string) {
	t.Helper()
	var buf bytes.Buffer
	warnings, err := WriteSARIF(&buf, run)
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), warnings
}

func TestWriteSARIFGolden(t *testing.T) {
	out, warnings := writeSARIF(t, sampleRun())
	if len(warnings) != 0 {
		t.Errorf("warnings %q", warnings)
	}
	golden(t, "sarif.golden", out)
}

// sarifDoc is the part of the output the tests look at.
type sarifDoc struct {
	Runs []struct {
		Tool struct {
			Driver sarifDriver `json:"driver"`
		} `json:"tool"`
		AutomationDetails *sarifAutomation  `json:"automationDetails"`
		ColumnKind        string            `json:"columnKind"`
		Results           []sarifResult     `json:"results"`
		Invocations       []sarifInvocation `json:"invocations"`
	} `json:"runs"`
}

func TestWriteSARIFContent(t *testing.T) {
	for _, c := range sarifCases() {
		out, _ := writeSARIF(t, c.run)
		var doc sarifDoc
		if err := json.Unmarshal(out, &doc); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		run := doc.Runs[0]
		if len(run.Tool.Driver.Rules) != len(diag.All()) || run.ColumnKind != "unicodeCodePoints" || run.Tool.Driver.Name == "" {
			t.Errorf("%s: driver %+v, columnKind %q", c.name, run.Tool.Driver, run.ColumnKind)
		}
		for _, r := range run.Tool.Driver.Rules {
			if r.ShortDescription.Text == "" || r.FullDescription.Text == "" || r.Help.Text == "" ||
				!strings.Contains(r.Help.Text, r.HelpURI) || !strings.Contains(r.Help.Markdown, r.HelpURI) {
				t.Errorf("%s: rule %+v", c.name, r)
			}
		}
		for _, res := range run.Results {
			reg := res.Locations[0].PhysicalLocation.Region
			if res.RuleIndex == nil || run.Tool.Driver.Rules[*res.RuleIndex].ID != res.RuleID {
				t.Errorf("%s: ruleIndex of %s wrong", c.name, res.RuleID)
			}
			if strings.TrimSpace(res.Message.Text) == "" || reg.StartLine < 1 || reg.StartColumn < 1 ||
				reg.EndLine < reg.StartLine || (reg.EndLine == reg.StartLine && reg.EndColumn <= reg.StartColumn) {
				t.Errorf("%s: result %+v region %+v", c.name, res.Message, reg)
			}
		}
	}
}

func TestWriteSARIFCap(t *testing.T) {
	run := manyFindings(100, SARIFMaxResults, 50)
	out, warnings := writeSARIF(t, run)
	var doc sarifDoc
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	results := doc.Runs[0].Results
	levels := map[string]int{}
	lastLine := 0
	for _, res := range results {
		levels[res.Level]++
		line := res.Locations[0].PhysicalLocation.Region.StartLine
		if line <= lastLine {
			t.Fatalf("results out of run order at line %d", line)
		}
		lastLine = line
	}
	want := map[string]int{"error": 100, "warning": SARIFMaxResults - 100}
	if len(results) != SARIFMaxResults || levels["error"] != want["error"] || levels["warning"] != want["warning"] || levels["note"] != 0 {
		t.Errorf("%d results, levels %v; want %v", len(results), levels, want)
	}
	if len(warnings) != 2 || len(doc.Runs[0].Invocations) != 1 ||
		len(doc.Runs[0].Invocations[0].ToolExecutionNotifications) != 2 {
		t.Errorf("warnings %q, invocations %+v", warnings, doc.Runs[0].Invocations)
	}
}

func TestLineHashes(t *testing.T) {
	f := func(rule *diag.Rule, path string, n int, line string) Finding {
		return at(rule, path, n, line, strings.TrimSpace(line)[:1], "m")
	}
	findings := []Finding{
		f(ruleField, "a", 1, `  "x": 1`),
		f(ruleField, "a", 7, "\t\"x\":  1\r"), // same text, other whitespace
		f(ruleField, "b", 1, `"x": 1`),        // other file restarts the count
		f(ruleStyle, "a", 1, `"x": 1`),        // other rule, other hash
		f(ruleField, "a", 9, `"y": 1`),
	}
	got := lineHashes(findings)
	hash := func(s string) string { return s[:strings.IndexByte(s, ':')] }
	if !strings.HasSuffix(got[0], ":1") || got[1] != hash(got[0])+":2" || got[2] != hash(got[0])+":1" {
		t.Errorf("repeats: %q", got[:3])
	}
	if hash(got[3]) == hash(got[0]) || hash(got[4]) == hash(got[0]) || len(hash(got[0])) != 16 {
		t.Errorf("distinct lines share a hash: %q", got)
	}
	if again := lineHashes(findings); strings.Join(again, " ") != strings.Join(got, " ") {
		t.Error("hashes are not stable")
	}
}

func TestSARIFHelpers(t *testing.T) {
	tests := []struct{ fn, in, got, want string }{
		{"automationID", "squadci", automationID("squadci"), "squadci/"},
		{"automationID", "lint/agents", automationID("lint/agents"), "lint/agents"},
		{"automationID", "", automationID(""), ""},
		{"semanticVersion", "v1.2.3-rc.1", semanticVersion("v1.2.3-rc.1"), "1.2.3-rc.1"},
		{"semanticVersion", "(devel)", semanticVersion("(devel)"), ""},
		{"pathURI", "odd/100%: a,b.json", pathURI("odd/100%: a,b.json"), "odd/100%25%3A%20a%2Cb.json"},
		{"pathURI", "docs/ü#?.md", pathURI("docs/ü#?.md"), "docs/%C3%BC%23%3F.md"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s(%q) = %q, want %q", tt.fn, tt.in, tt.got, tt.want)
		}
	}
}

func TestFingerprintIgnoresLineNumber(t *testing.T) {
	a := Fingerprint("CN101", "connectors/a.json", `"x"`, `  "connectorId": "x",`)
	b := Fingerprint("CN101", "connectors/a.json", `"x"`, `"connectorId": "x",`)
	c := Fingerprint("CN101", "connectors/a.json", `"y"`, `"connectorId": "y",`)
	if a != b || a == c || len(a) != 32 {
		t.Fatalf("fingerprints %q %q %q", a, b, c)
	}
	fs := []Finding{{Diagnostic: diag.Diagnostic{Path: "p"}, Fingerprint: a}, {Diagnostic: diag.Diagnostic{Path: "p"}, Fingerprint: a},
		{Diagnostic: diag.Diagnostic{Path: "q"}, Fingerprint: a}}
	NumberOccurrences(fs)
	if fs[0].Occurrence != 1 || fs[1].Occurrence != 2 || fs[2].Occurrence != 1 {
		t.Fatalf("occurrences %d %d %d", fs[0].Occurrence, fs[1].Occurrence, fs[2].Occurrence)
	}
	if got := partialFingerprints(&fs[1], "h:1")["squadci/v2"]; got != a+":2" {
		t.Fatalf("squadci/v2 = %q", got)
	}
}

// TestSARIFFixes: a fixable finding gets one fix whose replacements are the
// edits as byte regions; a deletion carries no insertedContent.
func TestSARIFFixes(t *testing.T) {
	run := sampleRun()
	run.Findings[1].Fix = &diag.Fix{Edits: []diag.Edit{{Start: 0, End: 3}, {Start: 50, End: 50, Text: "x\n"}}}
	out, _ := writeSARIF(t, run)
	var doc struct {
		Runs []struct {
			Results []struct {
				Fixes []struct {
					ArtifactChanges []struct {
						ArtifactLocation struct{ URI string }
						Replacements     []struct {
							DeletedRegion   struct{ ByteOffset, ByteLength int }
							InsertedContent *struct{ Text string }
						}
					}
				}
			}
		}
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	res := doc.Runs[0].Results
	if len(res[0].Fixes) != 0 || len(res[1].Fixes) != 1 {
		t.Fatalf("fixes per result: %d and %d, want 0 and 1", len(res[0].Fixes), len(res[1].Fixes))
	}
	ch := res[1].Fixes[0].ArtifactChanges
	if len(ch) != 1 || ch[0].ArtifactLocation.URI != "agents/a.json" || len(ch[0].Replacements) != 2 {
		t.Fatalf("artifactChanges %+v", ch)
	}
	del, ins := ch[0].Replacements[0], ch[0].Replacements[1]
	if del.DeletedRegion.ByteOffset != 0 || del.DeletedRegion.ByteLength != 3 || del.InsertedContent != nil {
		t.Errorf("deletion %+v", del)
	}
	if ins.DeletedRegion.ByteOffset != 50 || ins.DeletedRegion.ByteLength != 0 || ins.InsertedContent == nil || ins.InsertedContent.Text != "x\n" {
		t.Errorf("insertion %+v", ins)
	}
}

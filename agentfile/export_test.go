package agentfile

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// seedPreimage is the greeter's example hash preimage exactly as the
// contract quotes it.
const seedPreimage = `{"id":"greeting","input":"Ada","assertions":[{"id":"greeting-text","type":"contains","value":"Hello, Ada"}]}`

func TestGreeterExportHash(t *testing.T) {
	p := filepath.Join(t.TempDir(), "greeter.agent.md")
	writeFile(t, p, greeter)
	out, err := ExportRunProfile(p)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		SchemaVersion  int    `json:"schemaVersion"`
		Kind           string `json:"kind"`
		SourceRevision string `json:"sourceRevision"`
		AgentID        string `json:"agentId"`
		Instructions   struct{ Text, SHA256 string }
		Model          struct{ ID, SHA256 string }
		Examples       []struct {
			ID           string `json:"id"`
			SHA256       string `json:"sha256"`
			TargetStatus string `json:"targetStatus"`
		} `json:"examples"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(seedPreimage))
	if want := hex.EncodeToString(sum[:]); len(got.Examples) != 1 || got.Examples[0].SHA256 != want {
		t.Fatalf("example sha256 = %+v, want %s", got.Examples, want)
	}
	src := sha256.Sum256([]byte(greeter))
	ins := sha256.Sum256([]byte(greeterHead))
	model := sha256.Sum256([]byte("fake"))
	if got.SchemaVersion != 1 || got.Kind != "kmx.agent-run-profile" || got.AgentID != "greeter" ||
		got.SourceRevision != "sha256:"+hex.EncodeToString(src[:]) || got.Examples[0].TargetStatus != "not_run" ||
		got.Instructions.Text != greeterHead || got.Instructions.SHA256 != hex.EncodeToString(ins[:]) ||
		got.Model.ID != "fake" || got.Model.SHA256 != hex.EncodeToString(model[:]) {
		t.Errorf("envelope: %+v", got)
	}
	if !strings.HasSuffix(string(out), "}\n") || strings.HasSuffix(string(out), "\n\n") {
		t.Error("the profile must end in exactly one newline")
	}
	a := wantAccepted(t, "g.agent.md", greeter)
	pre, err := ExamplePreimage(a.Examples[0])
	if err != nil || string(pre) != seedPreimage {
		t.Errorf("preimage %s, %v", pre, err)
	}
}

func TestPreimageEncoding(t *testing.T) {
	zero, seventy := 0, 70
	cases := []struct {
		ex   Example
		want string
	}{
		{Example{ID: "h", Input: "<a & b>", Assertions: []Assertion{{ID: "x", Type: AssertNotContains, Value: "é>"}}},
			`{"id":"h","input":"\u003ca \u0026 b\u003e","assertions":[{"id":"x","type":"notContains","value":"é\u003e"}]}`},
		{Example{ID: "j", Input: "q", Assertions: []Assertion{{ID: "z", Type: AssertLLMJudge, Rubric: "r", MinScore: &zero, JudgeModel: "m", JudgeVersion: "v"}}},
			`{"id":"j","input":"q","assertions":[{"id":"z","type":"llmJudge","rubric":"r","minScore":0,"judgeModel":"m","judgeVersion":"v"}]}`},
		{Example{ID: "r", Input: "q", Assertions: []Assertion{{ID: "p", Type: AssertRegex, Pattern: `^a\d`}, {ID: "s", Type: AssertLLMJudge, Rubric: "r", MinScore: &seventy, JudgeModel: "m", JudgeVersion: "v"}}},
			`{"id":"r","input":"q","assertions":[{"id":"p","type":"regex","pattern":"^a\\d"},{"id":"s","type":"llmJudge","rubric":"r","minScore":70,"judgeModel":"m","judgeVersion":"v"}]}`},
	}
	for _, tc := range cases {
		got, err := ExamplePreimage(tc.ex)
		if err != nil || string(got) != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
}

func TestExportRefusals(t *testing.T) {
	pinger := "---\nname: Pinger\ndescription: d\nmodel: m1\ntools: [ping]\n---\nPing.\n\n## Examples\n```yaml\nexamples:\n  - {id: t, input: go, assertions: [{id: a, type: contains, value: x}]}\n```\n"
	cases := []struct {
		name, src, field, msg string
		line, col             int // where the refused declaration is; 1:1 for what is missing
	}{
		{"zero tests", withExamples("examples: []\n"), "examples", "No tests yet — add or suggest one", 19, 1},
		{"no examples section", greeterHead, "examples", "No tests yet — add or suggest one", 1, 1},
		{"no model", replace(t, greeter, "## Model\n- **Preferred:** fake\n\n", ""), "Model.Preferred", "export requires an explicit authored model", 1, 1},
		{"frontmatter model list", replace(t, pinger, "model: m1", "model: [m1, m2]"), "frontmatter.model", "export requires an explicit authored model", 4, 1},
		{"tool declarations", pinger, "frontmatter.tools", "the run profile carries no tools; export refuses tool declarations rather than dropping them", 5, 1},
		{"charter tools", withTools("examples:\n  - {id: t, input: go, assertions: [{id: a, type: contains, value: x}]}\n"), "Tools", "the run profile carries no tools; export refuses tool declarations rather than dropping them", 19, 1},
		{"no name", replace(t, pinger, "name: Pinger\n", ""), "frontmatter.name", "export requires an authored identity", 1, 1},
		{"minimal prompt", "# P\n\n## Model\n- **Preferred:** m\n\n## Examples\n```yaml\nexamples:\n  - {id: t, input: go, assertions: [{id: a, type: contains, value: x}]}\n```\n", "", "a minimal prompt has no authored identity to export", 1, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := wantAccepted(t, "x.agent.md", tc.src)
			out, err := MarshalRunProfile(a)
			var e *Error
			if out != nil || !errors.As(err, &e) {
				t.Fatalf("export = %q, %v; want a refusal", out, err)
			}
			if e.Message != tc.msg || e.Field != tc.field || e.Line != tc.line || e.Column != tc.col {
				t.Errorf("got %q field %q at %d:%d, want %q field %q at %d:%d", e.Message, e.Field, e.Line, e.Column, tc.msg, tc.field, tc.line, tc.col)
			}
		})
	}
}

// TestExportListsEveryRefusal: a file missing several requirements gets all
// of them at once, each with its position and repair, in envelope order.
func TestExportListsEveryRefusal(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string // Error() of each refusal
	}{
		{"charter: no model, tools, no tests",
			replace(t, greeterHead, "## Model\n- **Preferred:** fake\n\n", "## Tools\n- ping\n"),
			[]string{
				"x.agent.md:1:1: Model.Preferred: export requires an explicit authored model (author one exact model id; preview defaults and picker choices are not export provenance)",
				"x.agent.md:16:1: Tools: the run profile carries no tools; export refuses tool declarations rather than dropping them (export a tool-free agent)",
				"x.agent.md:1:1: examples: No tests yet — add or suggest one (export requires at least one test)",
			}},
		{"frontmatter: no name, no model, no tests",
			"---\ndescription: d\ntools: []\n---\nPing.\n",
			[]string{
				"x.agent.md:1:1: frontmatter.name: export requires an authored identity (add name: to the frontmatter)",
				"x.agent.md:1:1: frontmatter.model: export requires an explicit authored model (author one exact model id; preview defaults and picker choices are not export provenance)",
				"x.agent.md:1:1: examples: No tests yet — add or suggest one (export requires at least one test)",
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := refusedExport(t, tc.src)
			for _, e := range r {
				e.Filename = "x.agent.md"
			}
			if got := r.Error(); got != strings.Join(tc.want, "\n") {
				t.Errorf("refusals:\n%s\nwant:\n%s", got, strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestExportListsEveryParserRefusal: a file the parser refuses gets every
// parser refusal, the first of them the one Parse returns.
func TestExportListsEveryParserRefusal(t *testing.T) {
	src := replace(t, greeter, "- **ID:** greeter", "- **ID:** Greeter!")
	src = replace(t, src, "- **Preferred:** fake", "- **Preferred:** auto")
	p := filepath.Join(t.TempDir(), "x.agent.md")
	writeFile(t, p, src)
	_, err := ExportRunProfile(p)
	var r Refusals
	if !errors.As(err, &r) || len(r) < 2 {
		t.Fatalf("want at least two refusals, got %v", err)
	}
	_, first := Parse(p, []byte(src))
	if first == nil || r[0].Error() != first.Error() {
		t.Errorf("first refusal %v; Parse says %v", r[0], first)
	}
	if !strings.Contains(r[0].Error(), "Identity.ID") || !strings.Contains(r[1].Error(), "Model.Preferred") {
		t.Errorf("refusals:\n%v", err)
	}
}

func TestExportRefusesMocksAndToolChecks(t *testing.T) {
	// The parser only accepts tool checks and mocks for declared tools, and
	// declared tools are refused first; build the agents directly.
	a := wantAccepted(t, "g.agent.md", greeter)
	a.Examples[0].Assertions = append(a.Examples[0].Assertions, Assertion{ID: "b", Type: AssertToolCalled, Tool: "ping"})
	if _, err := MarshalRunProfile(a); err == nil || !strings.Contains(err.Error(), "examples[0].assertions[1].type: export refuses tool checks") {
		t.Errorf("tool check: %v", err)
	}
	a = wantAccepted(t, "g.agent.md", greeter)
	a.Examples[0].Mocks = []ToolMock{{Name: "ping", Mode: ModeLive}}
	if _, err := MarshalRunProfile(a); err == nil || !strings.Contains(err.Error(), "examples[0].mocks: export refuses recorded tool fixtures") {
		t.Errorf("fixture: %v", err)
	}
}

// TestExportListsParserAndExportRefusals: beside the parser's refusals,
// export names the requirements the file also misses, but none about a
// part the parser already refused, and none when a refusal of no
// particular field may hide sections.
func TestExportListsParserAndExportRefusals(t *testing.T) {
	badID := replace(t, greeterHead, "- **ID:** greeter", "- **ID:** Greeter!")
	cases := []struct {
		name, src string
		want      []string // fields, in order
	}{
		{"bad id, no model, no tests", replace(t, badID, "## Model\n- **Preferred:** fake\n\n", ""),
			[]string{"Identity.ID", "Model.Preferred", "examples"}},
		{"bad id and model, no tests", replace(t, badID, "fake", "auto"),
			[]string{"Identity.ID", "Model.Preferred", "examples"}},
		{"bad test only", withExamples("examples:\n  - {id: t, input: go, assertions: [{id: a, type: contans, value: x}]}\n"),
			[]string{"examples[0].assertions[0].type"}},
		{"unclosed fence hides the rest", replace(t, badID, "## Model", "```\n## Model"),
			[]string{"", "Identity.ID"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := refusedExport(t, tc.src)
			var got []string
			for _, e := range r {
				got = append(got, e.Field)
			}
			if strings.Join(got, " | ") != strings.Join(tc.want, " | ") {
				t.Errorf("fields %q, want %q\n%v", got, tc.want, r)
			}
		})
	}
}

// refusedExport exports src from x.agent.md in a temporary directory and
// returns the refusals, failing the test when there are none or when
// profile bytes were written anyway.
func refusedExport(t *testing.T, src string) Refusals {
	t.Helper()
	p := filepath.Join(t.TempDir(), "x.agent.md")
	writeFile(t, p, src)
	out, err := ExportRunProfile(p)
	var r Refusals
	if out != nil || !errors.As(err, &r) {
		t.Fatalf("export = %q, %v; want refusals", out, err)
	}
	return r
}

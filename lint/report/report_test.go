package report

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/squadci/squadci/lint/diag"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// Test-only rules; real ids start with CN, AF, SS or SQ.
var (
	ruleField = diag.Register(diag.Rule{
		ID: "TT001", Name: "test-unknown-field", Severity: diag.SeverityError,
		Short: "Field is not part of the schema", Full: "The manifest has a field the schema does not define.",
		Help: "remove the field or fix its spelling", Domain: "test",
	})
	ruleStyle = diag.Register(diag.Rule{
		ID: "TT002", Name: "test-style", Severity: diag.SeverityWarning,
		Short: "Style problem", Domain: "test",
	})
	ruleNote = diag.Register(diag.Rule{
		ID: "TT003", Name: "test-note", Severity: diag.SeverityNote,
		Short: "Something worth knowing", Full: "A note about the file.",
		Help: "nothing to fix; read the docs", Domain: "test",
	})
)

// at builds a one-line finding that spans the first occurrence of sub in
// line, computing code-point columns the way lint/source does.
func at(r *diag.Rule, path string, n int, line, sub, msg string) Finding {
	i := strings.Index(line, sub)
	if i < 0 {
		panic("at: " + sub + " not in " + line)
	}
	col := 1 + utf8.RuneCountInString(line[:i])
	return Finding{
		Diagnostic: diag.Diagnostic{Rule: r.ID, Severity: r.Severity, Path: path, Message: msg},
		Line:       n, Column: col, EndLine: n, EndColumn: col + utf8.RuneCountInString(sub),
		SourceLine: line,
	}
}

// sampleRun is the run behind every golden file: a CJK line, a tab-indented
// line, a line from a CRLF file, a multi-line span, and a path and message
// full of characters the github format must escape.
func sampleRun() *Run {
	multi := at(ruleStyle, "agents/b.yml", 7, "  steps:", "steps", "steps span three lines")
	multi.EndLine, multi.EndColumn = 9, 4
	// One cause in three files: one finding with two others attached.
	var ref []Finding
	for _, p := range []string{"prompts/a.prompt.md", "prompts/b.prompt.md", "prompts/c.prompt.md"} {
		f := at(ruleStyle, p, 4, "See [the guide](../../guide.md).", "../../guide.md", `file reference "../../guide.md" resolves to nothing`)
		f.Cause, f.Fingerprint = "TT002 ../../guide.md", Fingerprint("TT002", p, "../../guide.md", f.SourceLine)
		ref = append(ref, f)
	}
	// A finding whose fix chooses among names the message does not list.
	unknown := at(ruleField, "agents/a.json", 5, "\t\t\"x\": \"y\",", `"x"`, `unknown field "x"; see its candidates`)
	unknown.Candidates = []string{"command", "name", "名前"}
	return &Run{
		ToolName: "squadci", ToolVersion: "0.1.0", Files: 3, Category: "squadci",
		Findings: []Finding{
			at(ruleField, "agents/a.json", 2, `  "名前": "日本語テキスト", "comand": 1,`, `"comand"`,
				`unknown field "comand" (did you mean "command"?)`),
			unknown,
			at(ruleStyle, "agents/b.yml", 3, "name: value\r", "value", "value from a CRLF file"),
			multi,
			at(ruleNote, "odd/100%: a,b.json", 1, `{"rate": "50%"}`, `"50%"`,
				"rate 50%: high, maybe\nsecond line, too"),
			groupedOf(ref),
		},
		Profiles: []Profile{{
			Root: ".copilot-tracking/squad/", Format: "hve-squad", Name: "v0.12.1", Releases: "v0.12.1–v0.15.3",
			Commit: "7e76a3a", ChosenBy: "pin",
			Evidence: []ProfileEvidence{{At: "apm.yml:5", What: `pin "v0.13.2" (release v0.13.2)`, Fits: "v0.12.1–v0.15.3"}},
		}},
	}
}

// groupedOf is findings of one cause grouped as the engine groups them.
func groupedOf(fs []Finding) Finding {
	g := GroupCauses(fs)
	if len(g) != 1 {
		panic("groupedOf: the findings are not of one cause")
	}
	return g[0]
}

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from golden file (go test -update rewrites it)\n--- got ---\n%s\n--- want ---\n%s", name, got, want)
	}
}

// manyFindings makes errors, warnings and notes findings, interleaved.
func manyFindings(errors, warnings, notes int) *Run {
	run := &Run{ToolName: "squadci", ToolVersion: "0.1.0", Files: 1}
	rules := []*diag.Rule{ruleField, ruleStyle, ruleNote}
	left := []int{errors, warnings, notes}
	for n := 1; left[0]+left[1]+left[2] > 0; n++ {
		k := n % 3
		for left[k] == 0 {
			k = (k + 1) % 3
		}
		left[k]--
		line := `"key": "値 | <b>"`
		run.Findings = append(run.Findings, at(rules[k], "many.json", n, line, `"key"`, "finding | <b>\nline two"))
	}
	return run
}

package report

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestCandidatesLineCaps: the human formats list the first twenty
// candidates and count the rest; json carries every one.
func TestCandidatesLineCaps(t *testing.T) {
	f := at(ruleField, "a.json", 1, `"x": 1`, `"x"`, `unknown field "x"; see its candidates`)
	for i := range 23 {
		f.Candidates = append(f.Candidates, fmt.Sprintf("n%02d", i))
	}
	want := strings.Join(f.Candidates[:20], ", ") + ", … and 3 more"
	if got := f.CandidatesLine(); got != want {
		t.Errorf("CandidatesLine = %q, want %q", got, want)
	}
	run := &Run{ToolName: "squadci", Findings: []Finding{f}}
	var text bytes.Buffer
	if err := WriteText(&text, run, TextOptions{Gutter: true}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "\ncandidates: "+want+"\n") {
		t.Errorf("text has no candidates line %q:\n%s", want, text.String())
	}
	var jl bytes.Buffer
	if err := WriteJSONL(&jl, run); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(jl.String(), `"n22"]`) {
		t.Errorf("jsonl lacks the last candidate: %s", jl.String())
	}
	if f.Candidates = nil; f.CandidatesLine() != "" {
		t.Errorf("no candidates: line %q", f.CandidatesLine())
	}
}

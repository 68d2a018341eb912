package agentfile

import (
	"errors"
	"strings"
	"testing"
)

// greeter is the seed's complete charter, verbatim.
const greeter = `# Greeter — Greeting specialist

## Identity
- **ID:** greeter
- **Purpose:** Return a short greeting for the supplied name.

## Accountable Responsibilities
Reply with exactly ` + "`Hello, `" + ` followed by the input name.

## Non-Responsibilities
Do not call tools, read files or contact other agents.

## Collaboration and Review Authority
Return the greeting to the caller. No delegated work.

## Model
- **Preferred:** fake

## Examples
` + "```yaml" + `
examples:
  - id: greeting
    input: Ada
    assertions:
      - id: greeting-text
        type: contains
        value: Hello, Ada
` + "```\n"

// reviewer is the seed's Copilot agent, verbatim.
const reviewer = `---
name: Reviewer
description: Review changes without editing files
model: gpt-5.6-terra
tools: []
---
Review the supplied changes for correctness and missing tests.
Report actionable findings with file references. Do not edit files.
`

// greeterHead is the greeter up to and including its "## Model" section:
// 18 lines, so "## Examples" is line 19 after it.
var greeterHead = greeter[:strings.Index(greeter, "## Examples")]

// withExamples is the greeter with the Examples fence holding yaml; its
// first line is line 21 of the file.
func withExamples(yaml string) string {
	return greeterHead + "## Examples\n```yaml\n" + yaml + "```\n"
}

// withTools is the greeter with a Tools section (lines 19-20 list ping)
// before Examples, so Examples' yaml starts at line 24.
func withTools(yaml string) string {
	return greeterHead + "## Tools\n- ping\n\n## Examples\n```yaml\n" + yaml + "```\n"
}

// replace is strings.Replace once, failing the test when old is absent.
func replace(t *testing.T, s, old, new string) string {
	t.Helper()
	if !strings.Contains(s, old) {
		t.Fatalf("fixture text %q not found", old)
	}
	return strings.Replace(s, old, new, 1)
}

// refusal is what a table case expects of Parse.
type refusal struct {
	rule      string
	line, col int
	field     string
}

// wantRefusal parses src and checks the first refusal.
func wantRefusal(t *testing.T, name, src string, want refusal) {
	t.Helper()
	a, err := Parse(name, []byte(src))
	if err == nil {
		t.Fatalf("Parse accepted the file; want %s at %d:%d", want.rule, want.line, want.col)
	}
	if a != nil {
		t.Errorf("Parse returned an Agent with its error")
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error is %T, want *Error", err)
	}
	got := refusal{e.Rule, e.Line, e.Column, e.Field}
	if got != want {
		t.Errorf("got %s %d:%d field %q (%s)\nwant %s %d:%d field %q", got.rule, got.line, got.col, got.field, e.Message,
			want.rule, want.line, want.col, want.field)
	}
	if e.Repair == "" && e.Rule != "" {
		t.Errorf("refusal has no repair guidance: %v", e)
	}
}

// wantAccepted parses src and fails on any refusal.
func wantAccepted(t *testing.T, name, src string) *Agent {
	t.Helper()
	a, err := Parse(name, []byte(src))
	if err != nil {
		t.Fatalf("Parse refused: %v", err)
	}
	return a
}

package agentfile

import (
	"fmt"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// Each bound is tested at the limit (accepted) and one past it (refused at
// the exact position of the first unit past the limit).

func TestBoundFileSize(t *testing.T) {
	base := "# Big\n\n"
	pad := func(n int) string { return base + strings.Repeat("x", n-len(base)-1) + "\n" }
	wantAccepted(t, "big.agent.md", pad(MaxFileBytes))
	wantRefusal(t, "big.agent.md", pad(MaxFileBytes+1), refusal{"AF004", 1, 1, ""})
}

// exampleList renders n one-line examples.
func exampleList(n int) string {
	var b strings.Builder
	b.WriteString("examples:\n")
	for i := range n {
		fmt.Fprintf(&b, "  - {id: t%d, input: a, assertions: [{id: a, type: contains, value: x}]}\n", i)
	}
	return b.String()
}

func TestBoundExamples(t *testing.T) {
	a := wantAccepted(t, "g.agent.md", withExamples(exampleList(MaxExamples)))
	if len(a.Examples) != MaxExamples {
		t.Fatalf("%d examples", len(a.Examples))
	}
	// The 129th example is on line 21+129 = 150, its mapping at column 5.
	wantRefusal(t, "g.agent.md", withExamples(exampleList(MaxExamples+1)), refusal{"AF004", 150, 5, "examples[128]"})
}

func assertionList(n int) string {
	var b strings.Builder
	b.WriteString("examples:\n  - id: t\n    input: a\n    assertions:\n")
	for i := range n {
		fmt.Fprintf(&b, "      - {id: a%d, type: contains, value: x}\n", i)
	}
	return b.String()
}

func TestBoundAssertions(t *testing.T) {
	a := wantAccepted(t, "g.agent.md", withExamples(assertionList(MaxAssertions)))
	if len(a.Examples[0].Assertions) != MaxAssertions {
		t.Fatalf("%d assertions", len(a.Examples[0].Assertions))
	}
	// Assertions start on line 25; the 65th is line 89, column 9.
	wantRefusal(t, "g.agent.md", withExamples(assertionList(MaxAssertions+1)), refusal{"AF004", 89, 9, "examples[0].assertions[64]"})
}

func TestBoundScalar(t *testing.T) {
	in := func(n int) string {
		return withExamples("examples:\n  - id: t\n    input: " + strings.Repeat("é", n/2) + strings.Repeat("a", n%2) +
			"\n    assertions: [{id: a, type: contains, value: x}]\n")
	}
	a := wantAccepted(t, "g.agent.md", in(MaxScalarBytes))
	if len(a.Examples[0].Input) != MaxScalarBytes {
		t.Fatalf("input is %d bytes", len(a.Examples[0].Input))
	}
	wantRefusal(t, "g.agent.md", in(MaxScalarBytes+1), refusal{"AF004", 23, 12, "examples[0].input"})
	// Frontmatter values and keys are scalars too.
	wantAccepted(t, "a.agent.md", "---\ndescription: "+strings.Repeat("d", MaxScalarBytes)+"\n---\n")
	wantRefusal(t, "a.agent.md", "---\ndescription: "+strings.Repeat("d", MaxScalarBytes+1)+"\n---\n", refusal{"AF004", 2, 14, "frontmatter.description"})
	wantRefusal(t, "a.agent.md", "---\n? "+strings.Repeat("k", MaxScalarBytes+1)+"\n: 1\n---\n", refusal{"AF004", 2, 3, "frontmatter"})
}

// nestedSchema puts a chain of k mappings under parameters.x. parameters is
// at depth 6 from the document root, x's value at 7, so the innermost
// scalar sits at depth 7+k.
func nestedSchema(k int) string {
	v := "1"
	for range k {
		v = "{a: " + v + "}"
	}
	return withTools("examples:\n  - id: t\n    input: a\n    assertions: [{id: a, type: contains, value: x}]\n" +
		"    mocks:\n      tools:\n        - {name: ping, mode: recorded, parameters: {type: object, x: " + v + "}}\n")
}

func TestBoundStructureDepth(t *testing.T) {
	wantAccepted(t, "g.agent.md", nestedSchema(MaxStructureDepth-7))
	// With one more mapping the scalar "1" is at depth 13: line 30, after
	// "        - {name: ping, mode: recorded, parameters: {type: object, x: "
	// (69 bytes) and six "{a: " (24 bytes).
	wantRefusal(t, "g.agent.md", nestedSchema(MaxStructureDepth-6), refusal{"AF004", 30, 94, "examples[0].mocks.tools[0].parameters.x.a.a.a.a.a.a"})
}

// nestedPayload records a result whose innermost scalar is at payload
// depth k (the result mapping is depth 0).
func nestedPayload(k int) string {
	v := "1"
	for range k - 1 {
		v = "{a: " + v + "}"
	}
	return withTools("examples:\n  - id: t\n    input: a\n    assertions: [{id: a, type: contains, value: x}]\n" +
		"    mocks:\n      tools:\n        - name: ping\n          mode: recorded\n          description: d\n" +
		"          parameters: {type: object}\n          calls:\n            - arguments: {}\n              result: {r: " + v + "}\n")
}

func TestBoundPayloadDepth(t *testing.T) {
	wantAccepted(t, "g.agent.md", nestedPayload(MaxPayloadDepth))
	// Depth 33: line 36, "              result: {r: " is 26 bytes, then 32 "{a: ".
	wantRefusal(t, "g.agent.md", nestedPayload(MaxPayloadDepth+1), refusal{"AF004", 36, 155, "examples[0].mocks.tools[0].calls[0].result"})
}

func TestBoundEncodedPayloadDepth(t *testing.T) {
	// The string is at depth 1; its JSON adds one level per array.
	enc := func(levels int) string {
		return nestedPayloadWith(`'` + strings.Repeat("[", levels) + "1" + strings.Repeat("]", levels) + `'`)
	}
	wantAccepted(t, "g.agent.md", enc(MaxPayloadDepth-1))
	wantRefusal(t, "g.agent.md", enc(MaxPayloadDepth), refusal{"AF004", 36, 27, "examples[0].mocks.tools[0].calls[0].result"})
}

func nestedPayloadWith(v string) string {
	return withTools("examples:\n  - id: t\n    input: a\n    assertions: [{id: a, type: contains, value: x}]\n" +
		"    mocks:\n      tools:\n        - name: ping\n          mode: recorded\n          description: d\n" +
		"          parameters: {type: object}\n          calls:\n            - arguments: {}\n              result: {r: " + v + "}\n")
}

// countNodes counts every node below the document node, independently of
// the walker under test.
func countNodes(t *testing.T, y string) int {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(y), &doc); err != nil {
		t.Fatal(err)
	}
	var walk func(n *yaml.Node) int
	walk = func(n *yaml.Node) int {
		c := 1
		for _, k := range n.Content {
			c += walk(k)
		}
		return c
	}
	return walk(doc.Content[0])
}

func TestBoundNodes(t *testing.T) {
	doc := func(n int) string {
		return "examples:\n  - id: t\n    input: a\n    assertions: [{id: a, type: contains, value: x}]\n" +
			"    mocks:\n      tools:\n        - name: ping\n          mode: recorded\n          description: d\n" +
			"          parameters: {type: object}\n          calls:\n            - arguments: {}\n              result: {r: [" +
			strings.TrimSuffix(strings.Repeat("1, ", n), ", ") + "]}\n"
	}
	fixed := countNodes(t, doc(1)) - 1
	n := MaxYAMLNodes - fixed
	if got := countNodes(t, doc(n)); got != MaxYAMLNodes {
		t.Fatalf("fixture has %d nodes", got)
	}
	wantAccepted(t, "g.agent.md", withTools(doc(n)))
	// The 32,769th node is the last list element: line 36, after
	// "              result: {r: [" (27 bytes) and n "1, ".
	wantRefusal(t, "g.agent.md", withTools(doc(n+1)), refusal{"AF004", 36, 28 + 3*n, "examples[0].mocks.tools[0].calls[0].result"})
}

func TestBoundTools(t *testing.T) {
	tools := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "- tool_%d\n", i)
		}
		return greeterHead + "## Tools\n" + b.String() + "\n## Examples\n```yaml\nexamples: []\n```\n"
	}
	if a := wantAccepted(t, "g.agent.md", tools(MaxTools)); len(a.Tools) != MaxTools {
		t.Fatalf("%d tools", len(a.Tools))
	}
	wantRefusal(t, "g.agent.md", tools(MaxTools+1), refusal{"AF016", 52, 3, "Tools"})
	name := func(n int) string {
		return greeterHead + "## Tools\n- t" + strings.Repeat("x", n-1) + "\n\n## Examples\n```yaml\nexamples: []\n```\n"
	}
	wantAccepted(t, "g.agent.md", name(MaxToolName))
	wantRefusal(t, "g.agent.md", name(MaxToolName+1), refusal{"AF016", 20, 3, "Tools"})
}

func TestBoundFrontmatterTools(t *testing.T) {
	fm := func(n int) string {
		names := make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("t%d", i)
		}
		return "---\ndescription: d\ntools: [" + strings.Join(names, ", ") + ", github/*]\n---\nDo it.\n"
	}
	a := wantAccepted(t, "a.agent.md", fm(MaxTools))
	if len(a.Tools) != MaxTools || len(a.UnmappedTools) != 1 || len(a.Notices) != 0 {
		t.Errorf("32: tools %d unmapped %d notices %q", len(a.Tools), len(a.UnmappedTools), a.Notices)
	}
	a = wantAccepted(t, "a.agent.md", fm(MaxTools+1))
	if len(a.Tools) != 0 || len(a.UnmappedTools) != MaxTools+2 || len(a.Notices) != 1 {
		t.Errorf("33: tools %d unmapped %d notices %q", len(a.Tools), len(a.UnmappedTools), a.Notices)
	}
}

func TestBoundIdentifiers(t *testing.T) {
	model := func(n int) string {
		return replace(t, greeter, "**Preferred:** fake", "**Preferred:** m"+strings.Repeat("x", n-1))
	}
	wantAccepted(t, "g.agent.md", model(MaxModelID))
	wantRefusal(t, "g.agent.md", model(MaxModelID+1), refusal{"AF015", 17, 18, "Model.Preferred"})

	id := func(n int) string {
		return replace(t, greeter, "**ID:** greeter", "**ID:** g"+strings.Repeat("x", n-1))
	}
	wantAccepted(t, "g.agent.md", id(MaxAgentID))
	wantRefusal(t, "g.agent.md", id(MaxAgentID+1), refusal{"AF013", 4, 11, "Identity.ID"})

	exID := func(n int) string {
		return replace(t, greeter, "id: greeting\n", "id: g"+strings.Repeat("x", n-1)+"\n")
	}
	wantAccepted(t, "g.agent.md", exID(MaxExampleID))
	wantRefusal(t, "g.agent.md", exID(MaxExampleID+1), refusal{"AF021", 22, 9, "examples[0].id"})

	asID := func(n int) string { return replace(t, greeter, "id: greeting-text", "id: g"+strings.Repeat("x", n-1)) }
	wantAccepted(t, "g.agent.md", asID(MaxExampleID))
	wantRefusal(t, "g.agent.md", asID(MaxExampleID+1), refusal{"AF022", 25, 13, "examples[0].assertions[0].id"})
}

func TestBoundOperands(t *testing.T) {
	op := func(a string) string {
		return withExamples("examples:\n  - id: t\n    input: a\n    assertions:\n      - " + a + "\n")
	}
	judge := func(rubric, model, version string, score int) string {
		return op(fmt.Sprintf("{id: a, type: llmJudge, rubric: %s, minScore: %d, judgeModel: %s, judgeVersion: %s}", rubric, score, model, version))
	}
	pattern := func(n int) string { return op("{id: a, type: regex, pattern: " + strings.Repeat("a", n) + "}") }
	wantAccepted(t, "g.agent.md", pattern(MaxPattern))
	wantRefusal(t, "g.agent.md", pattern(MaxPattern+1), refusal{"AF022", 25, 39, "examples[0].assertions[0].pattern"})

	r := strings.Repeat("r", MaxRubric)
	m := strings.Repeat("m", MaxJudgeIdentity)
	wantAccepted(t, "g.agent.md", judge(r, m, m, 100))
	wantAccepted(t, "g.agent.md", judge(r, m, m, 0))
	wantRefusal(t, "g.agent.md", judge(r+"r", m, m, 100), refusal{"AF022", 25, 41, "examples[0].assertions[0].rubric"})
	wantRefusal(t, "g.agent.md", judge(r, m+"m", m, 100), refusal{"AF022", 25, 41 + MaxRubric + 29, "examples[0].assertions[0].judgeModel"})
	wantRefusal(t, "g.agent.md", judge(r, m, m+"m", 100), refusal{"AF022", 25, 41 + MaxRubric + 29 + MaxJudgeIdentity + 16, "examples[0].assertions[0].judgeVersion"})
	wantRefusal(t, "g.agent.md", judge(r, m, m, 101), refusal{"AF022", 25, 41 + MaxRubric + 12, "examples[0].assertions[0].minScore"})
}

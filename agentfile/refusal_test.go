package agentfile

import (
	"os"
	"strings"
	"testing"
)

func mkdirAll(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestRefusals checks every refusal of the contract: the rule, the 1-based
// line and UTF-8 byte column, and the canonical field.
func TestRefusals(t *testing.T) {
	g := greeter
	ex := func(yaml string) string { return withExamples(yaml) }
	one := func(assertion string) string {
		return ex("examples:\n  - id: t\n    input: Ada\n    assertions:\n      - " + assertion + "\n")
	}
	mock := func(entry string) string {
		return withTools("examples:\n  - id: t\n    input: Ada\n    assertions: [{id: a, type: contains, value: x}]\n    mocks:\n      tools:\n        - " + entry + "\n")
	}
	cases := []struct {
		name string
		src  string
		want refusal
	}{
		// Text.
		{"control character", replace(t, g, "Reply with", "Reply\x07 with"), refusal{"AF001", 8, 6, ""}},
		{"lone carriage return", replace(t, g, "Reply with", "Reply\r with"), refusal{"AF001", 8, 6, ""}},
		{"line separator", replace(t, g, "Return the", "Return\u2028 the"), refusal{"AF001", 14, 7, ""}},
		{"paragraph separator", replace(t, g, "Return the", "Return\u2029 the"), refusal{"AF001", 14, 7, ""}},
		{"C1 control", replace(t, g, "Return the", "Return\u0085 the"), refusal{"AF001", 14, 7, ""}},
		{"DEL", replace(t, g, "Return the", "Return\x7f the"), refusal{"AF001", 14, 7, ""}},
		{"invalid UTF-8", replace(t, g, "Do not call", "\xffDo not call"), refusal{"AF001", 11, 1, ""}},
		{"column after BOM counts bytes", "\ufeff# G\u00e9\x07reeter\n", refusal{"AF001", 1, 6, ""}},
		{"decoded control in YAML", replace(t, g, "input: Ada", `input: "A\u0007da"`), refusal{"AF001", 23, 12, "examples[0].input"}},
		{"decoded separator in frontmatter", "---\ndescription: \"a\\u2028b\"\n---\nx\n", refusal{"AF001", 2, 14, "frontmatter.description"}},

		// Credential shapes: raw text, YAML comments, decoded escapes.
		{"credential in prose", replace(t, g, "Do not call", "Do not call "+token), refusal{"AF002", 11, 13, ""}},
		{"credential in YAML comment", replace(t, g, "        value: Hello, Ada\n", "        value: Hello, Ada\n# "+token+"\n"), refusal{"AF002", 28, 3, ""}},
		{"credential behind an escape", replace(t, g, "input: Ada", `input: "gh\x70_`+token[4:]+`"`), refusal{"AF002", 23, 12, "examples[0].input"}},
		{"credential in an operand", replace(t, g, "value: Hello, Ada", `value: "gh\u0070_`+token[4:]+`"`), refusal{"AF002", 27, 16, "examples[0].assertions[0].value"}},

		// Frontmatter.
		{"frontmatter never closed", "---\nname: x\n", refusal{"AF005", 1, 1, "frontmatter"}},
		{"frontmatter a sequence", "---\n- a\n---\nbody\n", refusal{"AF005", 2, 1, "frontmatter"}},
		{"frontmatter syntax", "---\nname: [x\n---\nbody\n", refusal{"AF003", 2, 1, "frontmatter"}},
		{"frontmatter duplicate key", "---\ndescription: a\ndescription: b\n---\n", refusal{"AF003", 3, 1, "frontmatter"}},
		{"frontmatter anchor", "---\nname: &n Rev\n---\n", refusal{"AF003", 2, 7, "frontmatter.name"}},
		{"frontmatter two documents", "---\na: 1\n...\nb: 2\n---\n", refusal{"AF003", 2, 1, "frontmatter"}},
		{"frontmatter custom tag", "---\nname: !env NAME\n---\n", refusal{"AF003", 2, 7, "frontmatter.name"}},

		// Title.
		{"missing title", strings.TrimPrefix(g, "# Greeter — Greeting specialist\n\n"), refusal{"AF010", 1, 1, "title"}},
		{"indented title", " " + g, refusal{"AF010", 1, 1, "title"}},
		{"blank title name", replace(t, g, "# Greeter —", "# —"), refusal{"AF010", 1, 1, "title"}},
		{"second H1", replace(t, g, "name.\n\n## Non", "name.\n# Again\n\n## Non"), refusal{"AF010", 9, 1, "title"}},
		{"prose before first section", replace(t, g, "specialist\n\n", "specialist\nHello.\n"), refusal{"AF010", 2, 1, "title"}},
		{"fence before first section", replace(t, g, "specialist\n\n", "specialist\n```\nx\n```\n"), refusal{"AF010", 2, 1, "title"}},

		// Sections.
		{"unknown section", replace(t, g, "## Identity", "## Identty"), refusal{"AF011", 3, 1, ""}},
		{"indented section", replace(t, g, "## Identity", " ## Identity"), refusal{"AF011", 3, 1, "Identity"}},
		{"closing hashes", replace(t, g, "## Identity", "## Identity ##"), refusal{"AF011", 3, 1, "Identity"}},
		{"lowercase section", replace(t, g, "## Model", "## model"), refusal{"AF011", 16, 1, ""}},
		{"duplicate section", replace(t, g, "## Model", "## Non-Responsibilities\nAgain.\n\n## Model"), refusal{"AF011", 16, 1, "Non-Responsibilities"}},
		{"missing section", replace(t, g, "## Non-Responsibilities\nDo not call tools, read files or contact other agents.\n\n", ""), refusal{"AF011", 1, 1, "Non-Responsibilities"}},
		{"missing sections joined", replace(t, replace(t, g, "## Non-Responsibilities\nDo not call tools, read files or contact other agents.\n\n", ""),
			"## Identity\n- **ID:** greeter\n- **Purpose:** Return a short greeting for the supplied name.\n\n", ""), refusal{"AF011", 1, 1, "Identity, Non-Responsibilities"}},
		{"examples not last", g + "\n## Tools\n- ping\n", refusal{"AF011", 19, 1, "Examples"}},
		{"tools not before examples", replace(t, g, "## Model", "## Tools\n- ping\n\n## Model"), refusal{"AF011", 16, 1, "Tools"}},
		{"HTML comment", replace(t, g, "input name.", "input name. <!-- x -->"), refusal{"AF012", 8, 58, ""}},
		{"unclosed fence", replace(t, g, "other agents.\n", "other agents.\n~~~\ncode\n"), refusal{"AF006", 12, 1, ""}},
		{"fence closed by fewer markers", replace(t, g, "other agents.\n", "other agents.\n~~~~\ncode\n~~~\n"), refusal{"AF006", 12, 1, ""}},
		{"closing fence with info", replace(t, g, "other agents.\n", "other agents.\n~~~\ncode\n~~~text\n"), refusal{"AF006", 12, 1, ""}},

		// Identity.
		{"identity extra metadata", replace(t, g, "name.\n\n## Acc", "name.\n- **Role:** Greeter\n\n## Acc"), refusal{"AF013", 6, 1, "Identity"}},
		{"identity plain text", replace(t, g, "name.\n\n## Acc", "name.\nGreets.\n\n## Acc"), refusal{"AF013", 6, 1, "Identity"}},
		{"identity duplicate", replace(t, g, "- **Purpose:**", "- **ID:** greeter\n- **Purpose:**"), refusal{"AF013", 5, 1, "Identity.ID"}},
		{"identity bad ID", replace(t, g, "**ID:** greeter", "**ID:** Greeter"), refusal{"AF013", 4, 11, "Identity.ID"}},
		{"identity ID too long", replace(t, g, "**ID:** greeter", "**ID:** g"+strings.Repeat("x", 63)), refusal{"AF013", 4, 11, "Identity.ID"}},
		{"identity blank values", replace(t, g, "- **ID:** greeter\n- **Purpose:** Return a short greeting for the supplied name.", "- **ID:**\n- **Purpose:**"), refusal{"AF013", 4, 1, "Identity.ID, Identity.Purpose"}},
		{"identity missing purpose", replace(t, g, "- **Purpose:** Return a short greeting for the supplied name.\n", ""), refusal{"AF013", 3, 1, "Identity.Purpose"}},

		// Responsibilities.
		{"blank responsibility", replace(t, g, "Do not call tools, read files or contact other agents.\n", ""), refusal{"AF014", 10, 1, "Non-Responsibilities"}},

		// Model.
		{"blank model", replace(t, g, "- **Preferred:** fake\n", ""), refusal{"AF015", 16, 1, "Model.Preferred"}},
		{"blank preferred", replace(t, g, "- **Preferred:** fake", "- **Preferred:**"), refusal{"AF015", 17, 1, "Model.Preferred"}},
		{"model auto", replace(t, g, "**Preferred:** fake", "**Preferred:** auto"), refusal{"AF015", 17, 18, "Model.Preferred"}},
		{"model URL", replace(t, g, "**Preferred:** fake", "**Preferred:** https://api.example.com/v1"), refusal{"AF015", 17, 18, "Model.Preferred"}},
		{"model space", replace(t, g, "**Preferred:** fake", "**Preferred:** gpt 5"), refusal{"AF015", 17, 18, "Model.Preferred"}},
		{"model wildcard", replace(t, g, "**Preferred:** fake", "**Preferred:** gpt-*"), refusal{"AF015", 17, 18, "Model.Preferred"}},
		{"model leading dot", replace(t, g, "**Preferred:** fake", "**Preferred:** .gpt"), refusal{"AF015", 17, 18, "Model.Preferred"}},
		{"model extra bullet", replace(t, g, "fake\n", "fake\n- **Rationale:** cheap\n"), refusal{"AF015", 18, 1, "Model"}},
		{"model duplicate", replace(t, g, "fake\n", "fake\n- **Preferred:** fake\n"), refusal{"AF015", 18, 1, "Model.Preferred"}},
		{"prompt model auto", "# P\n\n## Model\n- **Preferred:** auto\n", refusal{"AF015", 4, 18, "Model.Preferred"}},

		// Tools.
		{"dotted tool", replace(t, withTools("examples: []\n"), "- ping", "- server.read"), refusal{"AF016", 20, 3, "Tools"}},
		{"bad tool name", replace(t, withTools("examples: []\n"), "- ping", "- 9ping"), refusal{"AF016", 20, 3, "Tools"}},
		{"duplicate tool", replace(t, withTools("examples: []\n"), "- ping", "- ping\n- ping"), refusal{"AF016", 21, 3, "Tools"}},
		{"tools prose", replace(t, withTools("examples: []\n"), "- ping", "Use ping."), refusal{"AF016", 20, 1, "Tools"}},
		{"tools empty", replace(t, withTools("examples: []\n"), "- ping\n", ""), refusal{"AF016", 19, 1, "Tools"}},

		// Examples section.
		{"examples prose", replace(t, g, "## Examples\n", "## Examples\nTests:\n"), refusal{"AF020", 20, 1, "Examples"}},
		{"examples second fence", g + "```yaml\nexamples: []\n```\n", refusal{"AF020", 29, 1, "Examples"}},
		{"examples not yaml", replace(t, g, "```yaml", "```yml"), refusal{"AF020", 20, 1, "Examples"}},
		{"examples no fence", greeterHead + "## Examples\n\n", refusal{"AF020", 19, 1, "Examples"}},
		{"examples unclosed", strings.TrimSuffix(g, "```\n"), refusal{"AF006", 20, 1, ""}},
		{"prompt examples unclosed", "Do it.\n\n## Examples\n```yaml\nexamples: []\n", refusal{"AF006", 4, 1, ""}},

		// Examples YAML.
		{"yaml syntax", ex("examples: [\n"), refusal{"AF003", 21, 1, "examples"}},
		{"yaml two documents", ex("examples: []\n---\nexamples: []\n"), refusal{"AF003", 23, 1, "examples"}},
		{"yaml empty", ex(""), refusal{"AF021", 20, 1, "examples"}},
		{"yaml anchor", replace(t, g, "input: Ada", "input: &a Ada"), refusal{"AF003", 23, 12, "examples[0].input"}},
		{"yaml anchor before alias", replace(t, replace(t, g, "value: Hello, Ada", "value: *a"), "input: Ada", "input: &a Ada"), refusal{"AF003", 23, 12, "examples[0].input"}},
		{"yaml undefined alias", replace(t, g, "value: Hello, Ada", "value: *a"), refusal{"AF003", 21, 1, "examples"}},
		{"yaml merge key", replace(t, g, "    input: Ada\n", "    <<: {input: Ada}\n"), refusal{"AF003", 23, 5, "examples[0]"}},
		{"yaml custom tag", replace(t, g, "input: Ada", "input: !secret Ada"), refusal{"AF003", 23, 12, "examples[0].input"}},
		{"yaml complex key", replace(t, g, "    input: Ada\n", "    ? [a]\n    : b\n"), refusal{"AF003", 23, 7, "examples[0]"}},
		{"yaml duplicate key", replace(t, g, "    input: Ada\n", "    input: Ada\n    input: Bob\n"), refusal{"AF003", 24, 5, "examples[0]"}},
		{"yaml duplicate after multibyte", ex("examples:\n  - {id: \"日本\", input: Ada, input: Bob, assertions: [{id: a, type: contains, value: x}]}\n"), refusal{"AF003", 22, 32, "examples[0]"}},
		{"outer unknown field", ex("examples: []\ntests: []\n"), refusal{"AF021", 22, 1, ""}},
		{"outer not a mapping", ex("- a\n"), refusal{"AF021", 21, 1, "examples"}},
		{"examples missing", ex("{}\n"), refusal{"AF021", 21, 1, "examples"}},
		{"examples null", ex("examples:\n"), refusal{"AF021", 21, 10, "examples"}},
		{"examples mapping", ex("examples: {a: 1}\n"), refusal{"AF021", 21, 11, "examples"}},
		{"example null entry", ex("examples:\n  -\n"), refusal{"AF021", 22, 4, "examples[0]"}},
		{"example scalar", ex("examples: [x]\n"), refusal{"AF021", 21, 12, "examples[0]"}},
		{"example missing fields", ex("examples:\n  - id: t\n"), refusal{"AF021", 22, 5, "examples[0].input, examples[0].assertions"}},
		{"example bad id", replace(t, g, "id: greeting\n", "id: -greeting\n"), refusal{"AF021", 22, 9, "examples[0].id"}},
		{"example id too long", replace(t, g, "id: greeting\n", "id: g"+strings.Repeat("x", 63)+"\n"), refusal{"AF021", 22, 9, "examples[0].id"}},
		{"example duplicate id", ex("examples:\n  - {id: t, input: a, assertions: [{id: a, type: contains, value: x}]}\n  - {id: t, input: a, assertions: [{id: a, type: contains, value: x}]}\n"), refusal{"AF021", 23, 10, "examples[1].id"}},
		{"example id not a string", replace(t, g, "id: greeting\n", "id: 12\n"), refusal{"AF021", 22, 9, "examples[0].id"}},
		{"input blank", replace(t, g, "input: Ada", "input: '  '"), refusal{"AF021", 23, 12, "examples[0].input"}},
		{"input numeric", replace(t, g, "input: Ada", "input: 123"), refusal{"AF021", 23, 12, "examples[0].input"}},
		{"input numeric-looking string", replace(t, g, "input: Ada", "input: 1e400"), refusal{"AF021", 23, 12, "examples[0].input"}},
		{"input timestamp", replace(t, g, "input: Ada", "input: 2026-01-02"), refusal{"AF021", 23, 12, "examples[0].input"}},
		{"input null", replace(t, g, "input: Ada", "input: null"), refusal{"AF021", 23, 12, "examples[0].input"}},
		{"legacy expectContains", replace(t, g, "    input: Ada\n", "    input: Ada\n    expectContains: Hello\n"), refusal{"AF021", 24, 5, "examples[0]"}},
		{"repeat policy", replace(t, g, "    input: Ada\n", "    input: Ada\n    repeat: 3\n"), refusal{"AF021", 24, 5, "examples[0]"}},
		{"unknown example field", replace(t, g, "    input: Ada\n", "    input: Ada\n    run: ./x.sh\n"), refusal{"AF021", 24, 5, "examples[0]"}},
		{"assertions empty", replace(t, g, "    assertions:\n      - id: greeting-text\n        type: contains\n        value: Hello, Ada\n", "    assertions: []\n"), refusal{"AF021", 24, 17, "examples[0].assertions"}},
		{"assertions null", replace(t, g, "    assertions:\n      - id: greeting-text\n        type: contains\n        value: Hello, Ada\n", "    assertions:\n"), refusal{"AF021", 24, 16, "examples[0].assertions"}},

		// Assertions.
		{"assertion bad type", replace(t, g, "type: contains", "type: contain"), refusal{"AF022", 26, 15, "examples[0].assertions[0].type"}},
		{"assertion other operand", replace(t, g, "value: Hello, Ada", "value: Hello, Ada\n        pattern: ''"), refusal{"AF022", 28, 9, "examples[0].assertions[0].pattern"}},
		{"assertion other operand null", replace(t, g, "value: Hello, Ada", "value: Hello, Ada\n        minScore:"), refusal{"AF022", 28, 9, "examples[0].assertions[0].minScore"}},
		{"assertion missing operand", replace(t, g, "\n        value: Hello, Ada", ""), refusal{"AF022", 25, 9, "examples[0].assertions[0].value"}},
		{"assertion missing id and type", one("{value: x}"), refusal{"AF022", 25, 9, "examples[0].assertions[0].id, examples[0].assertions[0].type"}},
		{"assertion null", one("null"), refusal{"AF022", 25, 9, "examples[0].assertions[0]"}},
		{"assertion unknown field", one("{id: a, type: contains, value: x, values: y}"), refusal{"AF022", 25, 43, "examples[0].assertions[0]"}},
		{"assertion legacy field", one("{id: a, type: contains, value: x, expectContains: y}"), refusal{"AF022", 25, 43, "examples[0].assertions[0]"}},
		{"value blank", one("{id: a, type: contains, value: ' '}"), refusal{"AF022", 25, 40, "examples[0].assertions[0].value"}},
		{"value multiline", one("{id: a, type: notContains, value: \"a\\nb\"}"), refusal{"AF022", 25, 43, "examples[0].assertions[0].value"}},
		{"value not a string", one("{id: a, type: contains, value: 12}"), refusal{"AF022", 25, 40, "examples[0].assertions[0].value"}},
		{"regex invalid", one("{id: a, type: regex, pattern: '('}"), refusal{"AF022", 25, 39, "examples[0].assertions[0].pattern"}},
		{"regex not RE2", one("{id: a, type: regex, pattern: '(?=x)'}"), refusal{"AF022", 25, 39, "examples[0].assertions[0].pattern"}},
		{"tool undeclared", one("{id: a, type: toolCalled, tool: ping}"), refusal{"AF022", 25, 41, "examples[0].assertions[0].tool"}},
		{"judge missing operands", one("{id: a, type: llmJudge, rubric: r}"), refusal{"AF022", 25, 9, "examples[0].assertions[0].minScore, examples[0].assertions[0].judgeModel, examples[0].assertions[0].judgeVersion"}},
		{"minScore over", one("{id: a, type: llmJudge, rubric: r, minScore: 101, judgeModel: m, judgeVersion: v}"), refusal{"AF022", 25, 54, "examples[0].assertions[0].minScore"}},
		{"minScore negative", one("{id: a, type: llmJudge, rubric: r, minScore: -1, judgeModel: m, judgeVersion: v}"), refusal{"AF022", 25, 54, "examples[0].assertions[0].minScore"}},
		{"minScore quoted", one("{id: a, type: llmJudge, rubric: r, minScore: '50', judgeModel: m, judgeVersion: v}"), refusal{"AF022", 25, 54, "examples[0].assertions[0].minScore"}},
		{"minScore float", one("{id: a, type: llmJudge, rubric: r, minScore: 50.5, judgeModel: m, judgeVersion: v}"), refusal{"AF022", 25, 54, "examples[0].assertions[0].minScore"}},
		{"judge model spaces", one("{id: a, type: llmJudge, rubric: r, minScore: 5, judgeModel: my model, judgeVersion: v}"), refusal{"AF022", 25, 69, "examples[0].assertions[0].judgeModel"}},
		{"judge version non-ASCII", one("{id: a, type: llmJudge, rubric: r, minScore: 5, judgeModel: m, judgeVersion: vé}"), refusal{"AF022", 25, 86, "examples[0].assertions[0].judgeVersion"}},
		{"rubric blank", one("{id: a, type: llmJudge, rubric: '', minScore: 5, judgeModel: m, judgeVersion: v}"), refusal{"AF022", 25, 41, "examples[0].assertions[0].rubric"}},
		{"reserved assertion id", one("{id: expectContains.0, type: contains, value: x}"), refusal{"AF022", 25, 14, "examples[0].assertions[0].id"}},
		{"bad assertion id", one("{id: 'a b', type: contains, value: x}"), refusal{"AF022", 25, 14, "examples[0].assertions[0].id"}},
		{"duplicate assertion id", ex("examples:\n  - id: t\n    input: Ada\n    assertions:\n      - {id: a, type: contains, value: x}\n      - {id: a, type: contains, value: y}\n"), refusal{"AF022", 26, 14, "examples[0].assertions[1].id"}},

		// Recorded tools.
		{"mocks unknown field", withTools("examples:\n  - id: t\n    input: Ada\n    assertions: [{id: a, type: contains, value: x}]\n    mocks: {tool: []}\n"), refusal{"AF023", 28, 13, "examples[0].mocks"}},
		{"mocks tools not a sequence", withTools("examples:\n  - id: t\n    input: Ada\n    assertions: [{id: a, type: contains, value: x}]\n    mocks: {tools: {}}\n"), refusal{"AF023", 28, 20, "examples[0].mocks.tools"}},
		{"mock undeclared tool", mock("{name: pong, mode: live}"), refusal{"AF023", 30, 18, "examples[0].mocks.tools[0].name"}},
		{"mock mode missing", mock("{name: ping}"), refusal{"AF023", 30, 11, "examples[0].mocks.tools[0].mode"}},
		{"mock mode invalid", mock("{name: ping, mode: replay}"), refusal{"AF023", 30, 30, "examples[0].mocks.tools[0].mode"}},
		{"mock duplicate tool", mock("{name: ping, mode: live}\n        - {name: ping, mode: live}"), refusal{"AF023", 31, 18, "examples[0].mocks.tools[1].name"}},
		{"live with description", mock("{name: ping, mode: live, description: d}"), refusal{"AF023", 30, 36, "examples[0].mocks.tools[0].description"}},
		{"two calls", mock("{name: ping, mode: recorded, description: d, parameters: {type: object}, calls: [{arguments: {}, result: {}}, {arguments: {}, result: {}}]}"), refusal{"AF023", 30, 121, "examples[0].mocks.tools[0].calls[1]"}},
		{"populated without description", mock("{name: ping, mode: recorded, parameters: {type: object}, calls: [{arguments: {}, result: {}}]}"), refusal{"AF023", 30, 75, "examples[0].mocks.tools[0].description"}},
		{"populated without schema", mock("{name: ping, mode: recorded, description: d, calls: [{arguments: {}, result: {}}]}"), refusal{"AF023", 30, 63, "examples[0].mocks.tools[0].parameters"}},
		{"call missing result", mock("{name: ping, mode: recorded, description: d, parameters: {type: object}, calls: [{arguments: {}}]}"), refusal{"AF023", 30, 92, "examples[0].mocks.tools[0].calls[0].result"}},
		{"arguments not an object", mock("{name: ping, mode: recorded, description: d, parameters: {type: object}, calls: [{arguments: [], result: {}}]}"), refusal{"AF023", 30, 104, "examples[0].mocks.tools[0].calls[0].arguments"}},
		{"inexact integer", mock("{name: ping, mode: recorded, description: d, parameters: {type: object}, calls: [{arguments: {}, result: {n: 9007199254740993}}]}"), refusal{"AF023", 30, 120, "examples[0].mocks.tools[0].calls[0].result"}},
		{"inexact decimal", mock("{name: ping, mode: recorded, description: d, parameters: {type: object}, calls: [{arguments: {}, result: {n: 0.10000000000000000001}}]}"), refusal{"AF023", 30, 120, "examples[0].mocks.tools[0].calls[0].result"}},
		{"number not JSON", mock("{name: ping, mode: recorded, description: d, parameters: {type: object}, calls: [{arguments: {}, result: {n: 0x10}}]}"), refusal{"AF023", 30, 120, "examples[0].mocks.tools[0].calls[0].result"}},
		{"infinity", mock("{name: ping, mode: recorded, description: d, parameters: {type: object}, calls: [{arguments: {}, result: {n: .inf}}]}"), refusal{"AF023", 30, 120, "examples[0].mocks.tools[0].calls[0].result"}},
		{"timestamp", mock("{name: ping, mode: recorded, description: d, parameters: {type: object}, calls: [{arguments: {}, result: {d: 2026-01-02}}]}"), refusal{"AF023", 30, 120, "examples[0].mocks.tools[0].calls[0].result"}},
		{"encoded duplicate key", mock(`{name: ping, mode: recorded, description: d, parameters: {type: object}, calls: [{arguments: {}, result: {j: '{"a": 1, "a": 2}'}}]}`), refusal{"AF023", 30, 120, "examples[0].mocks.tools[0].calls[0].result"}},
		{"encoded inexact number", mock(`{name: ping, mode: recorded, description: d, parameters: {type: object}, calls: [{arguments: {}, result: {j: '[9007199254740993]'}}]}`), refusal{"AF023", 30, 120, "examples[0].mocks.tools[0].calls[0].result"}},
		{"encoded control", mock(`{name: ping, mode: recorded, description: d, parameters: {type: object}, calls: [{arguments: {}, result: {j: '["a\u0007"]'}}]}`), refusal{"AF001", 30, 120, "examples[0].mocks.tools[0].calls[0].result"}},
		{"encoded credential", mock(`{name: ping, mode: recorded, description: d, parameters: {type: object}, calls: [{arguments: {}, result: {j: '{"t": "gh\u0070_` + token[4:] + `"}'}}]}`), refusal{"AF002", 30, 120, "examples[0].mocks.tools[0].calls[0].result"}},
		{"external ref", mock(`{name: ping, mode: recorded, parameters: {type: object, properties: {a: {$ref: "https://x/s.json"}}}}`), refusal{"AF023", 30, 90, "examples[0].mocks.tools[0].parameters"}},
		{"schema not object", mock(`{name: ping, mode: recorded, parameters: {type: string}}`), refusal{"AF023", 30, 52, "examples[0].mocks.tools[0].parameters"}},
		{"calls not a sequence", mock(`{name: ping, mode: recorded, calls: {}}`), refusal{"AF023", 30, 47, "examples[0].mocks.tools[0].calls"}},
		{"entry unknown field", mock(`{name: ping, mode: live, url: x}`), refusal{"AF023", 30, 36, "examples[0].mocks.tools[0]"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { wantRefusal(t, "greeter.agent.md", tc.src, tc.want) })
	}
}

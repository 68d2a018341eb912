package agentfile

import "gopkg.in/yaml.v3"

// Shape is which of the three accepted agent-file shapes a file has.
type Shape int

const (
	// ShapePrompt is a minimal Markdown prompt: no frontmatter and none of
	// the complete charter's required sections.
	ShapePrompt Shape = iota
	// ShapeFrontmatter is a Copilot or VS Code custom agent: YAML
	// frontmatter and a free-form Markdown prompt.
	ShapeFrontmatter
	// ShapeCharter is a complete kmx charter.
	ShapeCharter
)

func (s Shape) String() string {
	switch s {
	case ShapeFrontmatter:
		return "frontmatter agent"
	case ShapeCharter:
		return "complete charter"
	}
	return "minimal prompt"
}

// Agent is one parsed agent file. It holds source content (prompts, test
// inputs, recorded payloads): never log it or put it in result JSON by
// default.
type Agent struct {
	Filename string
	Shape    Shape
	// Revision is "sha256:<lowercase hex>" of the original bytes, line
	// endings, byte-order mark and YAML comments included.
	Revision string

	// Title and Role come from the H1 ("# Name — Role"); display only,
	// never identity. Empty when the file has no H1.
	Title, Role string
	// ID and Purpose are a complete charter's Identity fields.
	ID, Purpose string

	// Frontmatter is the decoded frontmatter mapping (nil without one).
	// Unknown keys, comments and formatting are kept in the original bytes;
	// Unmapped names the top-level keys kmx does not act on, in order.
	Frontmatter *yaml.Node
	Name        string // frontmatter name
	Description string // frontmatter description
	Unmapped    []string

	// Model is the exact authored model id: a charter's Model.Preferred or a
	// frontmatter model that is one exact id. HasModel is false when none
	// was authored (no default is invented).
	Model    string
	HasModel bool

	// Tools are the declared tool names: a ## Tools section, or the
	// frontmatter tool names kmx maps. HasTools reports an explicit
	// declaration (tools: [] is explicit and empty). UnmappedTools keeps
	// frontmatter entries that are tool sets, wildcards or namespaced
	// references, or every entry when more than 32 names would be mapped.
	Tools         []string
	HasTools      bool
	UnmappedTools []string

	// Instructions is the complete prefix before ## Tools (or ## Examples
	// when Tools is absent), CRLF normalised to LF; for a frontmatter agent,
	// the same prefix of its body.
	Instructions string

	// Examples are the declared tests in order. HasExamples reports a
	// structured Examples section (examples: [] is one with zero tests).
	Examples    []Example
	HasExamples bool

	// Notices are what a host says when opening the file, e.g. that
	// Copilot gives a frontmatter agent without tools every tool.
	Notices []string

	// at is where declarations export may refuse were authored, by field
	// ("Tools", "frontmatter.tools", "frontmatter.model", "examples"), as
	// 1-based line and byte column, so a refusal points at them; what was
	// never authored is refused at 1:1.
	at map[string][2]int
}

// Example is one test.
type Example struct {
	ID         string
	Input      string
	Assertions []Assertion
	Mocks      []ToolMock
}

// Assertion types.
const (
	AssertContains      = "contains"
	AssertNotContains   = "notContains"
	AssertRegex         = "regex"
	AssertToolCalled    = "toolCalled"
	AssertToolNotCalled = "toolNotCalled"
	AssertLLMJudge      = "llmJudge"
)

// Assertion is one check of an example's answer. Only the operands of its
// type are set; MinScore is nil unless authored.
type Assertion struct {
	ID, Type     string
	Value        string
	Pattern      string
	Tool         string
	Rubric       string
	MinScore     *int
	JudgeModel   string
	JudgeVersion string
}

// Tool modes of a per-test tool entry.
const (
	ModeLive     = "live"
	ModeRecorded = "recorded"
)

// ToolMock is one mocks.tools entry: a declared tool and how the test
// answers its calls. It is data only; nothing here executes a tool.
type ToolMock struct {
	Name        string
	Mode        string
	Description string
	// Parameters is the offline JSON schema (JSON-compatible values:
	// map[string]any, []any, string, json.Number, bool, nil).
	Parameters map[string]any
	Calls      []RecordedCall
}

// RecordedCall is one saved call: object arguments and result.
type RecordedCall struct {
	Arguments map[string]any
	Result    map[string]any
}

// ToolsNotice is what a host says about a frontmatter agent without tools.
const ToolsNotice = "Copilot gives this agent all tools; these tests run without tools. Add tools to choose which."

// unmappedToolsNotice is said when a frontmatter declaration names more
// tools than kmx maps; none of them is activated.
const unmappedToolsNotice = "This agent's frontmatter names more than 32 tools, so none of them is mapped; its header is kept unchanged."

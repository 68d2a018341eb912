package skill

// field is one frontmatter key a host reads, with who reads it and the
// shape it takes.
type field struct {
	host  string // "" for the Agent Skills specification itself
	shape shape
}

// shape is the YAML form a field takes.
type shape uint8

const (
	shapeAny     shape = iota // not checked here
	shapeString               // a non-empty scalar string
	shapeBool                 // a literal true or false
	shapeMap                  // metadata: string keys to string values
	shapeToolStr              // allowed-tools: one space-separated string
)

// Hosts that read keys beyond the specification.
const (
	hostVSCode = "VS Code"
	hostClaude = "Claude Code"
	hostSquad  = "Squad"
)

// fields are the keys some host reads, from: the agentskills.io
// specification's frontmatter table; VS Code's promptValidator
// allAttributeNames[skill] (argument-hint, user-invocable, user-invokable,
// disable-model-invocation, context); Claude Code's skill frontmatter
// reference (which also reads allowed-tools, argument-hint,
// disable-model-invocation, user-invocable and context); and Squad's
// templates/skill.md and SDK skill-loader (domain, triggers, roles read;
// confidence, source, tools written by its coordinator; allowedTools in its
// shipped skills).
var fields = map[string]field{
	"name":          {"", shapeString},
	"description":   {"", shapeString},
	"license":       {"", shapeString},
	"compatibility": {"", shapeString},
	"metadata":      {"", shapeMap},
	"allowed-tools": {"", shapeToolStr},

	"argument-hint":            {hostVSCode, shapeString},
	"user-invocable":           {hostVSCode, shapeBool},
	"disable-model-invocation": {hostVSCode, shapeBool},
	"context":                  {hostVSCode, shapeString},
	"user-invokable":           {hostVSCode, shapeBool},

	"when_to_use": {hostClaude, shapeString},
	"model":       {hostClaude, shapeString},
	"effort":      {hostClaude, shapeString},
	"agent":       {hostClaude, shapeString},
	"hooks":       {hostClaude, shapeAny},
	"paths":       {hostClaude, shapeAny},
	"shell":       {hostClaude, shapeString},

	"domain":       {hostSquad, shapeAny},
	"confidence":   {hostSquad, shapeAny},
	"source":       {hostSquad, shapeAny},
	"tools":        {hostSquad, shapeAny},
	"triggers":     {hostSquad, shapeAny},
	"roles":        {hostSquad, shapeAny},
	"allowedTools": {hostSquad, shapeAny},
}

// fieldNames lists every known key, for suggestions.
func fieldNames() []string {
	out := make([]string, 0, len(fields))
	for k := range fields {
		out = append(out, k)
	}
	return out
}

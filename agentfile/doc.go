// Package agentfile parses single-file agent files offline: Copilot and VS
// Code custom agents (YAML frontmatter and a free-form prompt), minimal
// Markdown prompts, and complete kmx charters, with their optional model,
// tool and test declarations. It is a format and a parser, never an
// executor: nothing here calls a model, runs a tool, discovers a workspace
// or writes a file.
//
// [Parse] and [Load] return the first refusal as a typed [*Error] (file
// name, 1-based line and UTF-8 byte column, canonical field, repair
// guidance) and never echo authored values or underlying YAML or OS errors.
// [Check] is the lint entry point: it reports every finding it can, plus the
// host-format checks (GitHub Copilot and VS Code frontmatter keys) that the
// parser contract does not refuse. [ExportRunProfile] writes the
// deterministic v1 run-profile envelope; it refuses with [Refusals], every
// reason at once, so one run names all a file lacks.
//
// The contract is the seed "Single-file agent files"
// (docs: spec/agentfile.md); its bounds are the constants below.
package agentfile

// Bounds of the contract. Every one is inclusive: a file at the bound
// parses, one unit past it is refused.
const (
	MaxFileBytes       = 256 << 10 // original file bytes
	MaxExamples        = 128
	MaxAssertions      = 64 // per example
	MaxScalarBytes     = 16 << 10
	MaxStructureDepth  = 12 // Examples structure, from the document root at depth 0
	MaxPayloadDepth    = 32 // each recorded call's arguments or result, from its root at depth 0
	MaxYAMLNodes       = 32768
	MaxTools           = 32
	MaxToolName        = 64
	MaxExampleID       = 63
	MaxAgentID         = 63
	MaxModelID         = 256
	MaxPattern         = 1024 // regex assertion pattern bytes
	MaxRubric          = 4096 // llmJudge rubric bytes
	MaxJudgeIdentity   = 256  // judgeModel, judgeVersion bytes
	MaxPromptChars     = 30000
	MaxRunProfileBytes = 2 << 20
)

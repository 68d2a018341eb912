package agentfile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
)

// Run-profile envelope identity.
const (
	RunProfileSchemaVersion = 1
	RunProfileKind          = "kmx.agent-run-profile"
	TargetNotRun            = "not_run"
)

// RunProfile is the experimental v1 envelope, fields in their fixed order.
type RunProfile struct {
	SchemaVersion  int              `json:"schemaVersion"`
	Kind           string           `json:"kind"`
	SourceRevision string           `json:"sourceRevision"`
	AgentID        string           `json:"agentId"`
	Instructions   HashedText       `json:"instructions"`
	Model          HashedModel      `json:"model"`
	Examples       []ProfileExample `json:"examples"`
}

// HashedText is the instructions and the SHA-256 (lowercase hex) of their
// UTF-8 bytes.
type HashedText struct {
	Text   string `json:"text"`
	SHA256 string `json:"sha256"`
}

// HashedModel is the exact authored model id and its SHA-256.
type HashedModel struct {
	ID     string `json:"id"`
	SHA256 string `json:"sha256"`
}

// ProfileExample is one test with its hash; TargetStatus is always not_run:
// export never claims a target pass.
type ProfileExample struct {
	ID           string             `json:"id"`
	Input        string             `json:"input"`
	Assertions   []ProfileAssertion `json:"assertions"`
	SHA256       string             `json:"sha256"`
	TargetStatus string             `json:"targetStatus"`
}

// ProfileAssertion keeps the authored id, type and applicable operands in
// the contract's order; empty inapplicable operands are omitted, an
// authored zero minScore is kept.
type ProfileAssertion struct {
	ID           string `json:"id"`
	Type         string `json:"type"`
	Value        string `json:"value,omitempty"`
	Pattern      string `json:"pattern,omitempty"`
	Tool         string `json:"tool,omitempty"`
	Rubric       string `json:"rubric,omitempty"`
	MinScore     *int   `json:"minScore,omitempty"`
	JudgeModel   string `json:"judgeModel,omitempty"`
	JudgeVersion string `json:"judgeVersion,omitempty"`
}

// examplePreimage is the object each example hash is taken over.
type examplePreimage struct {
	ID         string             `json:"id"`
	Input      string             `json:"input"`
	Assertions []ProfileAssertion `json:"assertions"`
}

// ExportRunProfile loads filename once and returns the deterministic,
// pretty-printed v1 run profile with a final newline. A refusal returns no
// bytes: a file that cannot be read is one *Error (Unread set when the path
// is the problem); a file that cannot be exported is Refusals, every reason
// at once — the parser's refusals, or, for a file that parses, every
// export requirement it misses. Nothing is configured, resolved or
// executed, and the source is not modified.
func ExportRunProfile(filename string) ([]byte, error) {
	b, err := readBounded(filename)
	if err != nil {
		return nil, err
	}
	a, refusals, fatal := parseAll(filename, b)
	if len(refusals) == 0 {
		return MarshalRunProfile(a)
	}
	if !fatal {
		refusals = append(refusals, exportRefusalsBeside(a, refusals)...)
	}
	return nil, refusals
}

// exportRefusalsBeside returns the export requirements a file the parser
// refused also misses, so one run names them too, leaving out any the
// parser's refusals already concern: a refused Model section is not also
// "missing". A refusal of no particular field (an unclosed fence, a
// credential) may hide any section, so then none is added.
func exportRefusalsBeside(a *Agent, parsed Refusals) Refusals {
	for _, p := range parsed {
		if p.Field == "" {
			return nil
		}
	}
	var out Refusals
	for _, e := range exportRefusals(a) {
		if !concerned(e.Field, parsed) {
			out = append(out, e)
		}
	}
	return out
}

// concerned reports whether a parser refusal is about the part of the file
// an export field names: the same frontmatter key (or the frontmatter as a
// whole), or the same section, case aside ("examples[0]" and "Examples"),
// also within a missing-sections list.
func concerned(field string, parsed Refusals) bool {
	if field == "" {
		return false // a minimal prompt has no identity whatever else is wrong
	}
	for _, p := range parsed {
		for _, f := range strings.Split(p.Field, ", ") {
			if key, ok := strings.CutPrefix(field, "frontmatter."); ok {
				if f == "frontmatter" || partOf(strings.TrimPrefix(f, "frontmatter.")) == partOf(key) && strings.HasPrefix(f, "frontmatter.") {
					return true
				}
				continue
			}
			if partOf(f) == partOf(field) {
				return true
			}
		}
	}
	return false
}

// partOf is a field's first segment, lower-cased: "examples[0].input" is
// "examples", "Model.Preferred" is "model".
func partOf(field string) string {
	if i := strings.IndexAny(field, ".["); i >= 0 {
		field = field[:i]
	}
	return strings.ToLower(field)
}

// MarshalRunProfile renders the run profile of a parsed agent.
func MarshalRunProfile(a *Agent) ([]byte, error) {
	p, err := NewRunProfile(a)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(p); err != nil {
		return nil, exportError(a, "", "the profile could not be encoded", "")
	}
	if buf.Len() > MaxRunProfileBytes {
		return nil, exportError(a, "", "the run profile would be larger than 2 MiB", "shorten the instructions or split the tests")
	}
	return buf.Bytes(), nil
}

// NewRunProfile builds the envelope, refusing what it cannot carry: no
// authored identity or model, no tests, recorded tool fixtures, tool checks
// and tool declarations (refused rather than silently dropped). Every
// reason is returned at once, as Refusals.
func NewRunProfile(a *Agent) (*RunProfile, error) {
	if r := exportRefusals(a); len(r) > 0 {
		return nil, r
	}
	p := &RunProfile{
		SchemaVersion:  RunProfileSchemaVersion,
		Kind:           RunProfileKind,
		SourceRevision: a.Revision,
		AgentID:        agentID(a),
		Instructions:   HashedText{Text: a.Instructions, SHA256: sha256Hex(a.Instructions)},
		Model:          HashedModel{ID: a.Model, SHA256: sha256Hex(a.Model)},
		Examples:       make([]ProfileExample, 0, len(a.Examples)),
	}
	for i, ex := range a.Examples {
		pe, err := profileExample(a, i, ex)
		if err != nil {
			return nil, err
		}
		p.Examples = append(p.Examples, pe)
	}
	return p, nil
}

// exportRefusals checks every export requirement, in the order of the
// envelope: identity, model, tools, tests.
func exportRefusals(a *Agent) Refusals {
	var out Refusals
	if e := identityRefusal(a); e != nil {
		out = append(out, e)
	}
	if !a.HasModel {
		field := "Model.Preferred"
		if a.Shape == ShapeFrontmatter {
			field = "frontmatter.model"
		}
		out = append(out, exportError(a, field, "export requires an explicit authored model",
			"author one exact model id; preview defaults and picker choices are not export provenance"))
	}
	if len(a.Tools) > 0 {
		field := "Tools"
		if a.Shape == ShapeFrontmatter {
			field = "frontmatter.tools"
		}
		out = append(out, exportError(a, field, "the run profile carries no tools; export refuses tool declarations rather than dropping them",
			"export a tool-free agent"))
	}
	if len(a.Examples) == 0 {
		out = append(out, exportError(a, "examples", "No tests yet — add or suggest one", "export requires at least one test"))
	}
	for i, ex := range a.Examples {
		out = append(out, exampleRefusals(a, i, ex)...)
	}
	return out
}

// identityRefusal refuses a file without an authored identity: a charter's
// Identity.ID, or a frontmatter agent's name. A minimal prompt has none;
// file names never supply one.
func identityRefusal(a *Agent) *Error {
	switch {
	case agentID(a) != "":
		return nil
	case a.Shape == ShapeCharter: // only when the parser refused its Identity
		return exportError(a, "Identity.ID", "export requires an authored identity", "write - **ID:** <id> under ## Identity")
	case a.Shape == ShapeFrontmatter:
		return exportError(a, "frontmatter.name", "export requires an authored identity", "add name: to the frontmatter")
	}
	return exportError(a, "", "a minimal prompt has no authored identity to export",
		"add frontmatter with a name, or write a complete charter with an Identity ID")
}

// agentID is the canonical authored identity, or "".
func agentID(a *Agent) string {
	switch {
	case a.Shape == ShapeCharter:
		return a.ID
	case a.Shape == ShapeFrontmatter && strings.TrimSpace(a.Name) != "":
		return a.Name
	}
	return ""
}

// exampleRefusals refuses what one test carries that the profile cannot:
// recorded tool fixtures and tool checks.
func exampleRefusals(a *Agent, i int, ex Example) Refusals {
	var out Refusals
	field := fmt.Sprintf("examples[%d]", i)
	if len(ex.Mocks) > 0 {
		out = append(out, exportError(a, field+".mocks", "export refuses recorded tool fixtures rather than dropping them",
			"remove mocks from the tests to export"))
	}
	for j, as := range ex.Assertions {
		if as.Type == AssertToolCalled || as.Type == AssertToolNotCalled {
			out = append(out, exportError(a, fmt.Sprintf("%s.assertions[%d].type", field, j),
				"export refuses tool checks rather than dropping them", "remove toolCalled and toolNotCalled assertions to export"))
		}
	}
	return out
}

func profileExample(a *Agent, i int, ex Example) (ProfileExample, error) {
	pre := preimage(ex)
	b, err := json.Marshal(pre)
	if err != nil {
		return ProfileExample{}, exportError(a, fmt.Sprintf("examples[%d]", i), "the test could not be encoded", "")
	}
	sum := sha256.Sum256(b)
	return ProfileExample{ID: pre.ID, Input: pre.Input, Assertions: pre.Assertions,
		SHA256: hex.EncodeToString(sum[:]), TargetStatus: TargetNotRun}, nil
}

// ExamplePreimage is the compact JSON an example's hash is taken over:
// Go encoding/json.Marshal of {id, input, assertions}, HTML characters
// escaped, no whitespace or trailing newline.
func ExamplePreimage(ex Example) ([]byte, error) { return json.Marshal(preimage(ex)) }

func preimage(ex Example) examplePreimage {
	pre := examplePreimage{ID: ex.ID, Input: ex.Input, Assertions: make([]ProfileAssertion, 0, len(ex.Assertions))}
	for _, as := range ex.Assertions {
		pre.Assertions = append(pre.Assertions, ProfileAssertion{
			ID: as.ID, Type: as.Type, Value: as.Value, Pattern: as.Pattern, Tool: as.Tool, Rubric: as.Rubric,
			MinScore: as.MinScore, JudgeModel: as.JudgeModel, JudgeVersion: as.JudgeVersion,
		})
	}
	return pre
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// exportError is an export refusal: at the declaration it refuses when the
// parser recorded one (Agent.at), else at 1:1 — what is missing concerns
// the file as a whole.
func exportError(a *Agent, field, msg, repair string) *Error {
	line, col := 1, 1
	if at, ok := a.at[field]; ok {
		line, col = at[0], at[1]
	}
	return &Error{Filename: a.Filename, Line: line, Column: col, Field: field, Message: msg, Repair: repair}
}

package connector

import (
	"time"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

// Result is a result envelope, <taskId>.result.json (spec §4), as far as its
// members are well-typed and valid.
type Result struct {
	Path string
	Doc  *source.Document

	SchemaVersion, ConnectorID, TaskID, Role, BindingID string
	Status, Narrative                                   string
	CompletedAt                                         time.Time
	// Artifacts lists every artifact entry that is an object with a string
	// path, top-level ones first, then each output's in order.
	Artifacts []Artifact
	// OutputIDs lists the outputs entries' outputId values, in order.
	OutputIDs []string

	env envelope
}

// Artifact is one artifact entry of a result.
type Artifact struct {
	Path        string
	Description string
	OutputID    string // "" for a top-level artifact
	// Valid is set when the path passed the string-level checks (safe,
	// allowed extension, not a duplicate): the on-disk checks judge only
	// those.
	Valid bool

	value *source.Value // the path value, where findings point
}

var resultArtifactShape = newShape(
	field{name: "path", kind: vString, need: always},
	field{name: "description", kind: vString},
)

var resultOutputShape = newShape(
	field{name: "outputId", kind: vString, need: always},
	field{name: "artifacts", kind: vObjects, need: always, elem: resultArtifactShape},
)

var resultFanOutShape = newShape(
	field{name: "worker", kind: vString, need: always},
	field{name: "summary", kind: vString, need: always},
)

var resultProvenanceShape = newShape(
	field{name: "fanOut", kind: vObjects, need: always, elem: resultFanOutShape},
)

var resultShape = newShape(
	field{name: "schemaVersion", kind: vString, need: always},
	field{name: "connectorId", kind: vString, need: always},
	field{name: "taskId", kind: vString, need: always},
	field{name: "role", kind: vString, need: always},
	field{name: "bindingId", kind: vString, need: in11},
	field{name: "status", kind: vString, need: always},
	field{name: "narrative", kind: vString, need: always},
	field{name: "artifacts", kind: vObjects, need: always, elem: resultArtifactShape},
	field{name: "outputs", kind: vObjects, elem: resultOutputShape},
	field{name: "provenance", kind: vObject, elem: resultProvenanceShape},
	field{name: "completedAt", kind: vString, need: always},
)

var resultSchema = schemaRules{unknown: ruleResultUnknownField, missing: ruleResultMissingField, typ: ruleResultFieldType}

// resultCheck is the state of one result under check.
type resultCheck struct {
	*envelope
	r   *Result
	ver string
}

// ParseResult reads and checks one result envelope on its own: the rules
// every connector JSON file shares, the result schema, the artifact rules
// that need no other file, and the untrusted-text warnings. Rules that need
// the request, the snapshot or the disk are CheckExchange's. The Result is
// nil only when the file holds no top-level object.
func ParseResult(path string, src []byte) (*Result, []diag.Diagnostic) {
	r := &Result{Path: path, env: parseEnvelope(path, src)}
	r.Doc = r.env.doc
	if r.env.root == nil {
		return nil, r.env.out
	}
	c := resultCheck{envelope: &r.env, r: r, ver: r.env.version("1.0", "1.1")}
	c.checkShape(&resultSchema, c.root, resultShape, "", c.ver)
	fillResult(&c)
	checkResultSchemaVersion(&c)
	checkResultVersionFields(&c)
	checkResultStatus(&c)
	checkResultNarrative(&c)
	checkResultCompletedAt(&c)
	checkResultOutputIDs(&c)
	collectArtifacts(&c)
	checkArtifactPaths(&c)
	checkArtifactExtensions(&c)
	checkArtifactDuplicates(&c)
	checkArtifactCount(&c)
	checkResultUntrusted(&c)
	return r, r.env.out
}

// fillResult copies the identity fields, which only cross-file rules judge.
func fillResult(c *resultCheck) {
	for name, dst := range map[string]*string{
		"connectorId": &c.r.ConnectorID, "taskId": &c.r.TaskID, "role": &c.r.Role, "bindingId": &c.r.BindingID,
	} {
		if v := c.str(name); v != nil {
			*dst = v.Str
		}
	}
}

// collectArtifacts lists the artifact entries with a string path.
func collectArtifacts(c *resultCheck) {
	add := func(arr *source.Value, outputID string) {
		if arr == nil {
			return
		}
		for _, el := range arr.Elems {
			p := strMember(el, "path")
			if el.Kind != source.KindObject || p == nil {
				continue
			}
			a := Artifact{Path: p.Str, OutputID: outputID, Valid: true, value: p}
			if d := strMember(el, "description"); d != nil {
				a.Description = d.Str
			}
			c.r.Artifacts = append(c.r.Artifacts, a)
		}
	}
	add(arrMember(c.root, "artifacts"), "")
	for _, o := range c.outputElems() {
		id := strMember(o, "outputId")
		if id == nil {
			continue
		}
		add(arrMember(o, "artifacts"), id.Str)
	}
}

// outputElems returns the outputs entries that are objects.
func (c *resultCheck) outputElems() []*source.Value {
	arr := arrMember(c.root, "outputs")
	if arr == nil {
		return nil
	}
	var out []*source.Value
	for _, el := range arr.Elems {
		if el.Kind == source.KindObject {
			out = append(out, el)
		}
	}
	return out
}

// artifactWhere names artifact a for messages ("artifacts[1]" or
// "outputs[0].artifacts[1]").
func artifactWhere(a *Artifact) string {
	el := a.value.Parent // the artifact object
	arr := el.Parent     // its artifacts array
	where := "artifacts[" + itoa(el.Index) + "]"
	if obj := arr.Parent; obj != nil && obj.Parent != nil { // an outputs entry
		where = "outputs[" + itoa(obj.Index) + "]." + where
	}
	return where
}

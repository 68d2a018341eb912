package connector

import (
	"time"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

// Request is a delegation request, <taskId>.request.json (spec §3), as far
// as its members are well-typed and valid: a field that fails its checks
// keeps its zero value, so cross-file rules never build on a bad value.
type Request struct {
	Path string
	Doc  *source.Document

	SchemaVersion, TaskID, ConnectorID, Role string
	BindingID, MemberName, SquadRoot         string
	Task, DeliverableRoot                    string
	Inputs                                   []string
	AllowedOutputs                           []AllowedOutput
	Deadline, CreatedAt                      time.Time
	RetryCap                                 int // -1 when missing or invalid

	env envelope
}

// AllowedOutput is one declared output slot of a 1.1 orchestrator request.
// DeliverableRoot is empty when the written root is unsafe.
type AllowedOutput struct {
	OutputID        string `json:"outputId"`
	DeliverableRoot string `json:"deliverableRoot"`
	Description     string `json:"description,omitempty"`
}

var requestOutputShape = newShape(
	field{name: "outputId", kind: vString, need: always},
	field{name: "deliverableRoot", kind: vString, need: always},
	field{name: "description", kind: vString},
)

var requestShape = newShape(
	field{name: "schemaVersion", kind: vString, need: always},
	field{name: "taskId", kind: vString, need: always},
	field{name: "connectorId", kind: vString, need: always},
	field{name: "role", kind: vString, need: always},
	field{name: "bindingId", kind: vString, need: in11},
	field{name: "memberName", kind: vString, need: in11},
	field{name: "squadRoot", kind: vString, need: in11},
	field{name: "task", kind: vString, need: always},
	field{name: "inputs", kind: vStrings},
	field{name: "deliverableRoot", kind: vString, need: always},
	field{name: "allowedOutputs", kind: vObjects, elem: requestOutputShape},
	field{name: "deadline", kind: vString, need: always},
	field{name: "retryCap", kind: vInteger, need: always},
	field{name: "createdAt", kind: vString, need: always},
)

var requestSchema = schemaRules{unknown: ruleRequestUnknownField, missing: ruleRequestMissingField, typ: ruleRequestFieldType}

// requestCheck is the state of one request under check.
type requestCheck struct {
	*envelope
	r   *Request
	ver string // "1.0", "1.1" or "" when not a known version
}

// ParseRequest reads and checks one delegation request on its own: the
// rules every connector JSON file shares, then the request rules. Rules
// that compare it with its manifest, snapshot, state or result are
// CheckExchange's. The Request is nil only when the file holds no top-level
// object.
func ParseRequest(path string, src []byte) (*Request, []diag.Diagnostic) {
	r := &Request{Path: path, RetryCap: -1, env: parseEnvelope(path, src)}
	r.Doc = r.env.doc
	if r.env.root == nil {
		return nil, r.env.out
	}
	c := requestCheck{envelope: &r.env, r: r, ver: r.env.version("1.0", "1.1")}
	c.checkShape(&requestSchema, c.root, requestShape, "", c.ver)
	checkRequestSchemaVersion(&c)
	checkRequestTaskID(&c)
	checkRequestVersionFields(&c)
	checkRequestBindingID(&c)
	checkRequestMemberName(&c)
	checkRequestTask(&c)
	checkRequestPaths(&c)
	checkRequestInputCount(&c)
	checkRequestAllowedOutputs(&c)
	checkRequestOutputRoots(&c)
	checkRequestRootsProtected(&c)
	checkRequestTimestamps(&c)
	checkRequestDeadlineOrder(&c)
	checkRequestRetryCap(&c)
	if v := c.str("connectorId"); v != nil {
		r.ConnectorID = v.Str
	}
	if v := c.str("role"); v != nil {
		r.Role = v.Str
	}
	return r, r.env.out
}

// value returns the top-level member name when it is a string, else nil.
func (r *Request) value(name string) *source.Value { return r.env.str(name) }

// outputs returns the well-formed allowedOutputs elements.
func (r *Request) outputElems() []*source.Value {
	arr := arrMember(r.env.root, "allowedOutputs")
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

// Output returns the declared output slot id, if any.
func (r *Request) Output(id string) (AllowedOutput, bool) {
	for _, o := range r.AllowedOutputs {
		if o.OutputID == id {
			return o, true
		}
	}
	return AllowedOutput{}, false
}

// Roots lists the deliverable roots the request names, main root first:
// the roots a snapshot must cover. Unsafe roots are left out, and a 1.0
// request has no output slots.
func (r *Request) Roots() []string {
	var roots []string
	if r.DeliverableRoot != "" {
		roots = append(roots, r.DeliverableRoot)
	}
	if r.SchemaVersion == "1.0" {
		return roots
	}
	for _, el := range r.outputElems() {
		if v := strMember(el, "deliverableRoot"); v != nil {
			if _, safe := CheckSafePath(v.Str, true); safe {
				roots = append(roots, v.Str)
			}
		}
	}
	return roots
}

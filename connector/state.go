package connector

import (
	"time"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

// State is the shim's private task state,
// <dropPath>/.squad-connector/<taskId>.state.json (spec §5), as far as its
// members are well-typed and valid.
type State struct {
	Path string
	Doc  *source.Document

	TaskID, ConnectorID, Role, BindingID, MemberName, SquadRoot string
	RequestSha256, SnapshotSha256, ResultSha256                 string
	Deadline, CreatedAt, UpdatedAt                              time.Time
	RetryCap, Attempts                                          int // -1 when missing or invalid
	Status                                                      string
	Consumed                                                    bool
	Reason                                                      string
	// Notification is the notification still owed; nil when none is
	// recorded or the record is malformed.
	Notification *StateNotification

	env envelope
}

var stateShape = newShape(
	field{name: "schemaVersion", kind: vString, need: always},
	field{name: "taskId", kind: vString, need: always},
	field{name: "connectorId", kind: vString, need: always},
	field{name: "role", kind: vString, need: always},
	field{name: "bindingId", kind: vString},
	field{name: "memberName", kind: vString},
	field{name: "squadRoot", kind: vString},
	field{name: "requestSha256", kind: vString, need: always},
	field{name: "snapshotSha256", kind: vString, need: always},
	field{name: "deadline", kind: vString, need: always},
	field{name: "retryCap", kind: vInteger, need: always},
	field{name: "attempts", kind: vInteger, need: always},
	field{name: "status", kind: vString, need: always},
	field{name: "consumed", kind: vBool, need: always},
	field{name: "resultSha256", kind: vString},
	field{name: "reason", kind: vString},
	field{name: "createdAt", kind: vString, need: always},
	field{name: "updatedAt", kind: vString, need: always},
	field{name: "notification", kind: vObject, elem: stateNotificationShape},
)

// stateHelp is the repair hint of every state rule. Restoring an older
// version would reopen a finished task (its taskId could then be consumed
// twice), so only the last one the shim wrote will do.
const stateHelp = "Never edit state by hand. Restore the last version the shim wrote (`git restore` the " +
	"committed file), never an older one: that would reopen a finished task. Without one, leave the task " +
	"failed and dispatch the work again under a new taskId."

var stateSchema = schemaRules{unknown: ruleStateUnknownField, missing: ruleStateMissingField, typ: ruleStateFieldType}

type stateCheck struct {
	*envelope
	s *State
}

// ParseState reads and checks one state file on its own. The State is nil
// only when the file holds no top-level object.
func ParseState(path string, src []byte) (*State, []diag.Diagnostic) {
	s := &State{Path: path, RetryCap: -1, Attempts: -1, env: parseEnvelope(path, src)}
	s.Doc = s.env.doc
	if s.env.root == nil {
		return nil, s.env.out
	}
	c := stateCheck{envelope: &s.env, s: s}
	c.checkShape(&stateSchema, c.root, stateShape, "", "")
	for name, dst := range map[string]*string{
		"taskId": &s.TaskID, "connectorId": &s.ConnectorID, "role": &s.Role, "bindingId": &s.BindingID,
		"memberName": &s.MemberName, "squadRoot": &s.SquadRoot,
	} {
		if v := c.str(name); v != nil {
			*dst = v.Str
		}
	}
	if v := c.root.Get("consumed"); v != nil && v.Kind == source.KindBool {
		s.Consumed = v.Bool
	}
	checkStateVersion(&c)
	checkStateStatus(&c)
	checkStateHashes(&c)
	checkStateTimestamps(&c)
	checkStateCounters(&c)
	checkStateReason(&c)
	checkStateConsistency(&c)
	checkStateNotification(&c)
	return s, s.env.out
}

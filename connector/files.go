package connector

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// The files the shim and the builders write, field for field as spec §2–§5
// order them. Optional fields are omitempty, so a 1.0 file carries none of
// the 1.1-only ones. The benchmark corpus writes its exchanges with them too.

// ManifestFile is a capability manifest (spec §2).
type ManifestFile struct {
	ConnectorID            string   `json:"connectorId"`
	SchemaVersion          string   `json:"schemaVersion"`
	Transport              string   `json:"transport"`
	EndpointKind           string   `json:"endpointKind,omitempty"`
	Capabilities           []string `json:"capabilities"`
	Roles                  []string `json:"roles"`
	DropPath               string   `json:"dropPath"`
	DeadlineMinutesDefault int      `json:"deadlineMinutesDefault"`
	RetryCapDefault        int      `json:"retryCapDefault"`
	Contact                string   `json:"contact"`
	Version                string   `json:"version"`
}

// RequestFile is a delegation request (spec §3).
type RequestFile struct {
	SchemaVersion   string          `json:"schemaVersion"`
	TaskID          string          `json:"taskId"`
	ConnectorID     string          `json:"connectorId"`
	Role            string          `json:"role"`
	BindingID       string          `json:"bindingId,omitempty"`
	MemberName      string          `json:"memberName,omitempty"`
	SquadRoot       string          `json:"squadRoot,omitempty"`
	Task            string          `json:"task"`
	Inputs          []string        `json:"inputs,omitempty"`
	DeliverableRoot string          `json:"deliverableRoot"`
	AllowedOutputs  []AllowedOutput `json:"allowedOutputs,omitempty"`
	Deadline        string          `json:"deadline"`
	RetryCap        int             `json:"retryCap"`
	CreatedAt       string          `json:"createdAt"`
}

// ResultFile is a result envelope (spec §4).
type ResultFile struct {
	SchemaVersion string          `json:"schemaVersion"`
	ConnectorID   string          `json:"connectorId"`
	TaskID        string          `json:"taskId"`
	Role          string          `json:"role"`
	BindingID     string          `json:"bindingId,omitempty"`
	Status        string          `json:"status"`
	Narrative     string          `json:"narrative"`
	Artifacts     []ArtifactEntry `json:"artifacts"`
	Outputs       []OutputEntry   `json:"outputs,omitempty"`
	Provenance    *Provenance     `json:"provenance,omitempty"`
	CompletedAt   string          `json:"completedAt"`
}

// ArtifactEntry is one artifact of a result.
type ArtifactEntry struct {
	Path        string `json:"path"`
	Description string `json:"description,omitempty"`
}

// OutputEntry is one output slot of a 1.1 result.
type OutputEntry struct {
	OutputID  string          `json:"outputId"`
	Artifacts []ArtifactEntry `json:"artifacts"`
}

// Provenance discloses an endpoint's internal fan-out.
type Provenance struct {
	FanOut []FanOut `json:"fanOut"`
}

// FanOut is one internal worker and what it did.
type FanOut struct {
	Worker  string `json:"worker"`
	Summary string `json:"summary"`
}

// SnapshotFile is a snapshot (spec §5).
type SnapshotFile struct {
	SchemaVersion string         `json:"schemaVersion"`
	TaskID        string         `json:"taskId"`
	CreatedAt     string         `json:"createdAt"`
	Roots         []SnapshotRoot `json:"roots"`
}

// StateFile is a task state (spec §5); the resume driver writes its
// transitions with it too.
type StateFile struct {
	SchemaVersion  string `json:"schemaVersion"`
	TaskID         string `json:"taskId"`
	ConnectorID    string `json:"connectorId"`
	Role           string `json:"role"`
	BindingID      string `json:"bindingId,omitempty"`
	MemberName     string `json:"memberName,omitempty"`
	SquadRoot      string `json:"squadRoot,omitempty"`
	RequestSha256  string `json:"requestSha256"`
	SnapshotSha256 string `json:"snapshotSha256"`
	Deadline       string `json:"deadline"`
	RetryCap       int    `json:"retryCap"`
	Attempts       int    `json:"attempts"`
	Status         string `json:"status"`
	Consumed       bool   `json:"consumed"`
	ResultSha256   string `json:"resultSha256,omitempty"`
	Reason         string `json:"reason,omitempty"`
	CreatedAt      string `json:"createdAt"`
	UpdatedAt      string `json:"updatedAt"`
	// Notification is written only on a finished task whose announcement
	// failed (see StateNotification).
	Notification *StateNotification `json:"notification,omitempty"`
}

// Encode renders the state the way the shim writes every file.
func (s *StateFile) Encode() []byte { return encodeJSON(s) }

// encodeJSON renders v with two-space indentation, a final newline and no
// HTML escaping. Only the fixed file structs above are encoded.
func encodeJSON(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		panic(fmt.Sprintf("connector: encoding %T: %v", v, err))
	}
	return b.Bytes()
}

package corpus

// The exchange files of connector.md §3–§5, in field order. Optional fields are
// omitempty so a 1.0 exchange carries none of the 1.1-only fields.

type snapshot struct {
	SchemaVersion string         `json:"schemaVersion"`
	TaskID        string         `json:"taskId"`
	CreatedAt     string         `json:"createdAt"`
	Roots         []snapshotRoot `json:"roots"`
}

type snapshotRoot struct {
	Root    string   `json:"root"`
	Entries []string `json:"entries"`
}

type request struct {
	SchemaVersion   string          `json:"schemaVersion"`
	TaskID          string          `json:"taskId"`
	ConnectorID     string          `json:"connectorId"`
	Role            string          `json:"role"`
	BindingID       string          `json:"bindingId,omitempty"`
	MemberName      string          `json:"memberName,omitempty"`
	SquadRoot       string          `json:"squadRoot,omitempty"`
	Task            string          `json:"task"`
	DeliverableRoot string          `json:"deliverableRoot"`
	AllowedOutputs  []allowedOutput `json:"allowedOutputs,omitempty"`
	Deadline        string          `json:"deadline"`
	RetryCap        int             `json:"retryCap"`
	CreatedAt       string          `json:"createdAt"`
}

type allowedOutput struct {
	OutputID        string `json:"outputId"`
	DeliverableRoot string `json:"deliverableRoot"`
	Description     string `json:"description,omitempty"`
}

type result struct {
	SchemaVersion string      `json:"schemaVersion"`
	ConnectorID   string      `json:"connectorId"`
	TaskID        string      `json:"taskId"`
	Role          string      `json:"role"`
	BindingID     string      `json:"bindingId,omitempty"`
	Status        string      `json:"status"`
	Narrative     string      `json:"narrative"`
	Artifacts     []artifact  `json:"artifacts"`
	Outputs       []output    `json:"outputs,omitempty"`
	Provenance    *provenance `json:"provenance,omitempty"`
	CompletedAt   string      `json:"completedAt"`
}

type artifact struct {
	Path        string `json:"path"`
	Description string `json:"description,omitempty"`
}

type output struct {
	OutputID  string     `json:"outputId"`
	Artifacts []artifact `json:"artifacts"`
}

type provenance struct {
	FanOut []fanOut `json:"fanOut"`
}

type fanOut struct {
	Worker  string `json:"worker"`
	Summary string `json:"summary"`
}

type taskState struct {
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
}

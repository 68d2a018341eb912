package connector

import (
	"strings"
	"time"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

// SnapshotVersion is the only snapshot and state schemaVersion.
const SnapshotVersion = "1"

// Snapshot is the shim's collision baseline, <taskId>.snapshot.json (spec
// §5): the files that already existed under each deliverable root before the
// request was published.
type Snapshot struct {
	Path string
	Doc  *source.Document

	TaskID    string
	CreatedAt time.Time
	Roots     []SnapshotRoot // the entries with a safe root, in order

	entries map[string]bool // lower-cased safe entries of every root
	env     envelope
}

// SnapshotRoot is one deliverable root and the repository-relative paths of
// the files found under it.
type SnapshotRoot struct {
	Root    string   `json:"root"`
	Entries []string `json:"entries"`
}

// Lists reports whether the snapshot records p as pre-existing, ignoring
// ASCII letter case.
func (s *Snapshot) Lists(p string) bool { return s.entries[strings.ToLower(p)] }

var snapshotRootShape = newShape(
	field{name: "root", kind: vString, need: always},
	field{name: "entries", kind: vStrings, need: always},
)

var snapshotShape = newShape(
	field{name: "schemaVersion", kind: vString, need: always},
	field{name: "taskId", kind: vString, need: always},
	field{name: "createdAt", kind: vString, need: always},
	field{name: "roots", kind: vObjects, need: always, elem: snapshotRootShape},
)

var snapshotSchema = schemaRules{unknown: ruleSnapshotUnknownField, missing: ruleSnapshotMissingField, typ: ruleSnapshotFieldType}

type snapshotCheck struct {
	*envelope
	s *Snapshot
}

// ParseSnapshot reads and checks one snapshot on its own. The Snapshot is
// nil only when the file holds no top-level object.
func ParseSnapshot(path string, src []byte) (*Snapshot, []diag.Diagnostic) {
	s := &Snapshot{Path: path, env: parseEnvelope(path, src), entries: map[string]bool{}}
	s.Doc = s.env.doc
	if s.env.root == nil {
		return nil, s.env.out
	}
	c := snapshotCheck{envelope: &s.env, s: s}
	c.checkShape(&snapshotSchema, c.root, snapshotShape, "", "")
	if v := c.str("taskId"); v != nil {
		s.TaskID = v.Str
	}
	checkSnapshotVersion(&c)
	checkSnapshotCreatedAt(&c)
	checkSnapshotPaths(&c)
	return s, s.env.out
}

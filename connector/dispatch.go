package connector

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/squadci/squadci/lint/diag"
)

// DispatchOptions describe one task to hand to a connector: the request's
// fields (spec §3) before the shim fills in the taskId and the clock.
type DispatchOptions struct {
	ConnectorID, Role, Task, DeliverableRoot string
	// BindingID, MemberName and SquadRoot are required by 1.1 connectors
	// and refused by 1.0 ones.
	BindingID, MemberName, SquadRoot string
	// Outputs are the output slots (outputId and deliverableRoot) an
	// orchestrator must be given; Description is optional.
	Outputs []AllowedOutput
	Inputs  []string
	// DeadlineMinutes and RetryCap default to the manifest's values when
	// negative.
	DeadlineMinutes, RetryCap int
	// Now is the dispatch time; zero means time.Now().
	Now time.Time
	// Rand is the source of the taskId; nil means crypto/rand.
	Rand io.Reader
	// Protected are the folders no deliverable root may reach
	// (ProtectedRoot); the zero value protects .git, .github/, connectors/
	// and the repository root. NewProtected adds the configuration's.
	Protected Protected
}

// Dispatched names the files Dispatch wrote, repository-relative.
type Dispatched struct {
	TaskID   string `json:"taskId"`
	Request  string `json:"request"`
	Snapshot string `json:"snapshot"`
	State    string `json:"state"`
}

// DispatchError lists what is wrong with a dispatch before anything is
// written.
type DispatchError struct{ Problems []string }

func (e *DispatchError) Error() string {
	return "cannot dispatch: " + strings.Join(e.Problems, "; ")
}

// Dispatch is the first half of the shim (spec §5): it validates the
// connector's manifest and the task, then writes the snapshot, the request
// and the awaiting state, each atomically and never over an existing file,
// under a fresh random taskId. It returns at once; it never waits for a
// result. ms are the repository's manifests with the findings LoadManifests
// gave them; a connector whose manifest has errors is refused.
func Dispatch(ctx context.Context, root string, ms []*Manifest, manifestFindings []diag.Diagnostic, opts DispatchOptions) (*Dispatched, error) {
	m, err := dispatchManifest(ms, manifestFindings, opts.ConnectorID)
	if err != nil {
		return nil, err
	}
	if err := checkDispatchOptions(m, &opts); err != nil {
		return nil, err
	}
	if err := checkRootsAllowed(&opts); err != nil {
		return nil, err
	}
	fsys := DirFS(root)
	if err := checkInputs(fsys, opts.Inputs); err != nil {
		return nil, err
	}
	taskID, err := newTaskID(opts.Rand)
	if err != nil {
		return nil, err
	}
	now := opts.Now
	if now.IsZero() {
		now = time.Now()
	}
	now = now.UTC().Truncate(time.Second)
	req := buildRequest(m, taskID, now, &opts)
	snap, err := takeSnapshot(ctx, fsys, taskID, now, req)
	if err != nil {
		return nil, err
	}
	box := strings.TrimSuffix(m.DropPath, "/") + "/"
	d := &Dispatched{
		TaskID:   taskID,
		Snapshot: box + taskID + ".snapshot.json",
		Request:  box + taskID + ".request.json",
		State:    box + stateDir + taskID + ".state.json",
	}
	snapBytes, reqBytes := encodeJSON(snap), encodeJSON(req)
	stBytes := encodeJSON(newStateFile(req, SHA256Hex(reqBytes), SHA256Hex(snapBytes)))
	// The shim validates what it writes with the very rules a resume applies.
	x := &Exchange{Mailbox: box, Manifest: m, TaskID: taskID,
		Request: &File{Path: d.Request, Src: reqBytes}, Snapshot: &File{Path: d.Snapshot, Src: snapBytes},
		State: &File{Path: d.State, Src: stBytes}}
	if problems := errorMessages(CheckExchange(x, &Env{Mailboxes: NewMailboxIndex(ms), Protected: opts.Protected}).Diagnostics); len(problems) > 0 {
		return nil, &DispatchError{Problems: problems}
	}
	if err := prepareDir(fsys, root, box+stateDir); err != nil {
		return nil, err
	}
	for _, f := range [...]struct {
		rel  string
		data []byte
	}{{d.Snapshot, snapBytes}, {d.Request, reqBytes}, {d.State, stBytes}} {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := writeAtomic(filepath.Join(root, filepath.FromSlash(f.rel)), f.data, 0o644, false); err != nil {
			return nil, fmt.Errorf("writing %s: %w", f.rel, err)
		}
	}
	return d, nil
}

// dispatchManifest finds the connector's manifest and refuses one with
// errors.
func dispatchManifest(ms []*Manifest, findings []diag.Diagnostic, id string) (*Manifest, error) {
	var m *Manifest
	for _, c := range ms {
		if c.ConnectorID == id && id != "" {
			m = c
			break
		}
	}
	if m == nil {
		return nil, &DispatchError{Problems: []string{fmt.Sprintf("no manifest under %s declares connectorId %q", ManifestDir, id)}}
	}
	var problems []string
	for _, d := range findings {
		if d.Path == m.Path && d.Severity == diag.SeverityError {
			problems = append(problems, fmt.Sprintf("%s: %s [%s]", m.Path, d.Message, d.Rule))
		}
	}
	if len(problems) > 0 {
		return nil, &DispatchError{Problems: append([]string{"the manifest has errors (run `squadci lint`)"}, problems...)}
	}
	return m, nil
}

// checkDispatchOptions applies what the manifest decides: the role, the
// version's binding fields, the orchestrator's output slots, the defaults.
func checkDispatchOptions(m *Manifest, o *DispatchOptions) error {
	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	switch {
	case o.Role == "":
		add("--role is required (one of the connector's roles: %s)", strings.Join(m.Roles, ", "))
	case !slices.Contains(m.Roles, o.Role):
		add("role %q is not one of the connector's roles (%s)", o.Role, strings.Join(m.Roles, ", "))
	}
	switch {
	case o.Task == "":
		add("--task is required")
	case isBlank(o.Task):
		add("the task is blank")
	}
	if o.DeliverableRoot == "" {
		add("--deliverable-root is required")
	}
	if m.SchemaVersion == "1.1" {
		for _, f := range [...]struct{ flag, val string }{{"binding", o.BindingID}, {"member", o.MemberName}, {"squad-root", o.SquadRoot}} {
			if f.val == "" {
				add("connector %s is schemaVersion 1.1: --%s is required", m.ConnectorID, f.flag)
			}
		}
	} else if o.BindingID != "" || o.MemberName != "" || o.SquadRoot != "" || len(o.Outputs) > 0 {
		add("connector %s is schemaVersion 1.0: it takes no binding, member, squad root or output slots", m.ConnectorID)
	}
	if m.EndpointKind == "orchestrator" && len(o.Outputs) == 0 {
		add("connector %s is an orchestrator: declare its output slots with --output ID=DIR", m.ConnectorID)
	}
	if o.DeadlineMinutes < 0 {
		o.DeadlineMinutes = m.DeadlineMinutesDefault
	}
	if o.DeadlineMinutes < 1 || o.DeadlineMinutes > maxDeadlineMinutes {
		add("the deadline must be 1 to %d minutes", maxDeadlineMinutes)
	}
	if o.RetryCap < 0 {
		o.RetryCap = m.RetryCapDefault
	}
	if o.RetryCap > maxRetryCap {
		add("the retry cap must be 0 to %d", maxRetryCap)
	}
	if len(problems) > 0 {
		return &DispatchError{Problems: problems}
	}
	return nil
}

// checkRootsAllowed refuses, before anything is read or written, a
// deliverable root that reaches what runs or configures the repository
// (ProtectedRoot, rule CN218). Unsafe roots are left to the self-check,
// which names the rule that refuses them.
func checkRootsAllowed(o *DispatchOptions) error {
	var problems []string
	check := func(flag, root string) {
		if _, safe := CheckSafePath(root, true); !safe {
			return
		}
		if reason, refused := ProtectedRoot(root, o.Protected); refused {
			problems = append(problems, fmt.Sprintf("%s %q is protected: %s [%s]", flag, root, reason, ruleRequestRootProtected.ID))
		}
	}
	check("--deliverable-root", o.DeliverableRoot)
	for _, out := range o.Outputs {
		check("--output "+out.OutputID, out.DeliverableRoot)
	}
	if len(problems) > 0 {
		return &DispatchError{Problems: problems}
	}
	return nil
}

// checkInputs requires every input to exist, reached without links.
func checkInputs(fsys FS, inputs []string) error {
	var problems []string
	for _, in := range inputs {
		if reason, ok := CheckSafePath(in, true); !ok {
			problems = append(problems, fmt.Sprintf("input %q is unsafe: %s", in, reason))
			continue
		}
		if _, err := StatNoFollow(fsys, in); err != nil {
			problems = append(problems, fmt.Sprintf("input %q: %v", in, err))
		}
	}
	if len(problems) > 0 {
		return &DispatchError{Problems: problems}
	}
	return nil
}

// newTaskID draws 128 random bits.
func newTaskID(r io.Reader) (string, error) {
	if r == nil {
		r = rand.Reader
	}
	var b [16]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return "", fmt.Errorf("drawing a taskId: %w", err)
	}
	return "t-" + hex.EncodeToString(b[:]), nil
}

func buildRequest(m *Manifest, taskID string, now time.Time, o *DispatchOptions) *RequestFile {
	req := &RequestFile{
		SchemaVersion: m.SchemaVersion, TaskID: taskID, ConnectorID: m.ConnectorID, Role: o.Role,
		BindingID: o.BindingID, MemberName: o.MemberName, SquadRoot: o.SquadRoot,
		Task: o.Task, Inputs: o.Inputs, DeliverableRoot: o.DeliverableRoot,
		Deadline:  FormatTimestamp(now.Add(time.Duration(o.DeadlineMinutes) * time.Minute)),
		RetryCap:  o.RetryCap,
		CreatedAt: FormatTimestamp(now),
	}
	req.AllowedOutputs = o.Outputs
	return req
}

// takeSnapshot lists the files that already exist under every root the
// request names, without following links. A root that does not exist yet
// has no entries; a root reached through a link is refused.
func takeSnapshot(ctx context.Context, fsys ReadFS, taskID string, now time.Time, req *RequestFile) (*SnapshotFile, error) {
	roots := []string{req.DeliverableRoot}
	for _, o := range req.AllowedOutputs {
		roots = append(roots, o.DeliverableRoot)
	}
	snap := &SnapshotFile{SchemaVersion: SnapshotVersion, TaskID: taskID, CreatedAt: FormatTimestamp(now)}
	for _, root := range roots {
		entries := []string{}
		if _, safe := CheckSafePath(root, true); safe {
			dir := strings.TrimSuffix(root, "/") + "/"
			info, err := StatNoFollow(fsys, dir)
			switch {
			case err == nil && info.IsDir():
				files, err := walkFiles(ctx, fsys, dir)
				if err != nil {
					return nil, fmt.Errorf("snapshot of %s: %w", root, err)
				}
				entries = append(entries, files...)
			case err == nil:
				return nil, &DispatchError{Problems: []string{fmt.Sprintf("deliverable root %q is a file, not a directory", root)}}
			case !errors.Is(err, fs.ErrNotExist):
				return nil, &DispatchError{Problems: []string{fmt.Sprintf("deliverable root %q: %v", root, err)}}
			}
		}
		slices.Sort(entries)
		snap.Roots = append(snap.Roots, SnapshotRoot{Root: root, Entries: entries})
	}
	return snap, nil
}

func newStateFile(req *RequestFile, reqSHA, snapSHA string) *StateFile {
	return &StateFile{
		SchemaVersion: SnapshotVersion, TaskID: req.TaskID, ConnectorID: req.ConnectorID, Role: req.Role,
		BindingID: req.BindingID, MemberName: req.MemberName, SquadRoot: req.SquadRoot,
		RequestSha256: reqSHA, SnapshotSha256: snapSHA,
		Deadline: req.Deadline, RetryCap: req.RetryCap, Attempts: 0, Status: StatusAwaiting, Consumed: false,
		CreatedAt: req.CreatedAt, UpdatedAt: req.CreatedAt,
	}
}

// errorMessages renders the error findings of a self-check.
func errorMessages(ds []diag.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		if d.Severity == diag.SeverityError {
			out = append(out, fmt.Sprintf("%s [%s]", d.Message, d.Rule))
		}
	}
	return out
}

// prepareDir creates dir (relative to root) and any missing parent, after
// checking that every existing component is a real directory: files are
// never written through a link.
func prepareDir(fsys FS, root, dir string) error {
	dir = strings.TrimSuffix(dir, "/")
	for end := 0; end < len(dir); {
		next := strings.IndexByte(dir[end+1:], '/')
		if next < 0 {
			end = len(dir)
		} else {
			end += 1 + next
		}
		info, err := StatNoFollow(fsys, dir[:end])
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return os.MkdirAll(filepath.Join(root, filepath.FromSlash(dir)), 0o755)
		case err != nil:
			return fmt.Errorf("%s: %w", dir[:end], err)
		case !info.IsDir():
			return fmt.Errorf("%s is not a directory", dir[:end])
		}
	}
	return nil
}

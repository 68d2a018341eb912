package connector

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// ReceiptTitle heads every transport receipt: the file says plainly that
// no real work was done, so no reader mistakes it for a deliverable.
const ReceiptTitle = "Transport receipt, not a result of real work"

// Receipt names the files WriteReceipt wrote, repository-relative.
type Receipt struct {
	TaskID  string `json:"taskId"`
	Receipt string `json:"receipt,omitempty"` // "" when the result is failed
	Result  string `json:"result"`
	// Failed says why the result is failed, when it is.
	Failed string `json:"failed,omitempty"`
}

// WriteReceipt is the starter adapter's whole job (spec §9): it reads the
// request at requestRel as data, writes one Markdown transport receipt
// under its deliverable root (an orchestrator's: under its first declared
// output), then publishes a completed result envelope beside the request
// (temporary file, then rename). It refuses a request with errors, one
// whose connector has no manifest, and one that already has a result; it
// never overwrites a file. A request it cannot honour, because its deadline
// has passed or an input it names is missing, gets a failed result and no
// receipt: never a late or hollow success (the compatibility checklist's
// deadline item).
func WriteReceipt(ctx context.Context, root, requestRel string, now time.Time) (*Receipt, error) {
	requestRel = filepath.ToSlash(filepath.Clean(filepath.FromSlash(requestRel)))
	if reason, ok := CheckSafePath(requestRel, false); !ok {
		return nil, &DispatchError{Problems: []string{fmt.Sprintf("request path %q is unsafe: %s", requestRel, reason)}}
	}
	fsys := DirFS(root)
	src, err := fsys.ReadFile(requestRel, maxReceiptRequest)
	if err != nil {
		return nil, requestReadError(requestRel, err)
	}
	req, ds := ParseRequest(requestRel, src)
	if problems := errorMessages(ds); len(problems) > 0 || req == nil {
		return nil, &DispatchError{Problems: append([]string{requestRel + " is not a valid request (run `squadci lint`)"}, problems...)}
	}
	orchestrator, err := receiptEndpointKind(ctx, fsys, req)
	if err != nil {
		return nil, err
	}
	dir := req.DeliverableRoot
	if orchestrator {
		dir = req.AllowedOutputs[0].DeliverableRoot
	}
	rc := &Receipt{
		TaskID:  req.TaskID,
		Receipt: strings.TrimSuffix(dir, "/") + "/" + req.TaskID + ".receipt.md",
		Result:  path.Join(path.Dir(requestRel), req.TaskID+".result.json"),
	}
	for _, p := range []string{rc.Result, rc.Receipt} {
		if _, err := fsys.Lstat(p); err == nil {
			return nil, fmt.Errorf("%s already exists; the starter writes each task's files once: %w", p, fs.ErrExist)
		}
	}
	if why := receiptCannotHonour(fsys, req, now); why != "" {
		rc.Receipt, rc.Failed = "", why
		res := failedReceiptResult(req, why, orchestrator, now)
		if err := writeAtomic(filepath.Join(root, filepath.FromSlash(rc.Result)), encodeJSON(res), 0o644, false); err != nil {
			return nil, fmt.Errorf("writing %s: %w", rc.Result, err)
		}
		return rc, nil
	}
	if err := prepareDir(fsys, root, path.Dir(rc.Receipt)); err != nil {
		return nil, err
	}
	if err := writeAtomic(filepath.Join(root, filepath.FromSlash(rc.Receipt)), []byte(receiptText(req, requestRel)), 0o644, false); err != nil {
		return nil, fmt.Errorf("writing %s: %w", rc.Receipt, err)
	}
	res := receiptResult(req, rc.Receipt, orchestrator, now)
	if err := writeAtomic(filepath.Join(root, filepath.FromSlash(rc.Result)), encodeJSON(res), 0o644, false); err != nil {
		return nil, fmt.Errorf("writing %s: %w", rc.Result, err)
	}
	return rc, nil
}

// maxReceiptRequest bounds the request read; real ones are a few KiB.
const maxReceiptRequest = 1 << 20

// receiptEndpointKind reports whether the request's connector is a 1.1
// orchestrator, by its manifest, as the resume judges the result's shape.
func receiptEndpointKind(ctx context.Context, fsys ReadFS, req *Request) (bool, error) {
	ms, _, _, err := LoadManifests(ctx, fsys)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false, err
	}
	for _, m := range ms {
		if m.ConnectorID == req.ConnectorID {
			if box := strings.TrimSuffix(m.DropPath, "/"); path.Dir(req.Path) != box || path.Base(req.Path) != req.TaskID+".request.json" {
				return false, &DispatchError{Problems: []string{fmt.Sprintf("%s is not %s/%s.request.json, the request of task %s in connector %s's mailbox", req.Path, box, req.TaskID, req.TaskID, m.ConnectorID)}}
			}
			orch := m.EndpointKind == "orchestrator" && req.SchemaVersion == "1.1"
			if orch && len(req.AllowedOutputs) == 0 {
				return false, &DispatchError{Problems: []string{fmt.Sprintf("%s: connector %s is an orchestrator but the request declares no allowedOutputs", req.Path, m.ConnectorID)}}
			}
			return orch, nil
		}
	}
	return false, &DispatchError{Problems: []string{fmt.Sprintf("%s: no manifest under %s declares connectorId %q", req.Path, ManifestDir, req.ConnectorID)}}
}

// receiptNarrative says what happened, as a narrative must: factually, and
// without any claim of review or authority.
const receiptNarrative = "Transport receipt from the starter adapter: the request arrived and was acknowledged; " +
	"no real work was done. Replace the starter adapter with the real endpoint."

func receiptResult(req *Request, receipt string, orchestrator bool, now time.Time) *ResultFile {
	res := &ResultFile{
		SchemaVersion: req.SchemaVersion, ConnectorID: req.ConnectorID, TaskID: req.TaskID, Role: req.Role,
		Status: StatusCompleted, Narrative: receiptNarrative,
		Artifacts:   []ArtifactEntry{{Path: receipt, Description: "Transport receipt, not a result of real work."}},
		CompletedAt: now.UTC().Truncate(time.Second).Format(time.RFC3339),
	}
	if req.SchemaVersion == "1.1" {
		res.BindingID = req.BindingID
	}
	if orchestrator {
		res.Outputs = []OutputEntry{{OutputID: req.AllowedOutputs[0].OutputID, Artifacts: res.Artifacts}}
		res.Artifacts = []ArtifactEntry{}
		res.Provenance = receiptProvenance
	}
	return res
}

// receiptProvenance is what an orchestrator's starter discloses of its
// fan-out: one step, itself, so the envelope shows where a real
// orchestrator lists its workers.
var receiptProvenance = &Provenance{FanOut: []FanOut{{Worker: "starter-receipt",
	Summary: "The starter adapter's only step: it wrote the transport receipt. A real orchestrator lists each worker it fanned out to."}}}

// receiptCannotHonour says why the request cannot be honoured now ("" when
// it can): its deadline has passed, or an input it names is missing.
func receiptCannotHonour(fsys FS, req *Request, now time.Time) string {
	if !now.Before(req.Deadline) {
		return "the request's deadline " + FormatTimestamp(req.Deadline) + " has passed"
	}
	for _, in := range req.Inputs {
		if _, err := StatNoFollow(fsys, in); err != nil {
			return fmt.Sprintf("its input %s cannot be read", in)
		}
	}
	return ""
}

// failedReceiptResult is the failed envelope for a request the starter
// cannot honour: no artifact, the reason in the narrative.
func failedReceiptResult(req *Request, why string, orchestrator bool, now time.Time) *ResultFile {
	res := &ResultFile{
		SchemaVersion: req.SchemaVersion, ConnectorID: req.ConnectorID, TaskID: req.TaskID, Role: req.Role,
		Status: StatusFailed, Narrative: "The starter adapter did not take the task: " + why + ". Nothing was written under the deliverable root.",
		Artifacts:   []ArtifactEntry{},
		CompletedAt: now.UTC().Truncate(time.Second).Format(time.RFC3339),
	}
	if req.SchemaVersion == "1.1" {
		res.BindingID = req.BindingID
	}
	if orchestrator {
		res.Outputs = []OutputEntry{{OutputID: req.AllowedOutputs[0].OutputID, Artifacts: []ArtifactEntry{}}}
		res.Provenance = receiptProvenance
	}
	return res
}

// receiptText is the receipt's Markdown. The task text is quoted inside a
// fence longer than any run of backticks it holds, so it stays data.
func receiptText(req *Request, requestRel string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", ReceiptTitle)
	b.WriteString("The starter adapter written by `squadci connector new` received this request and did no\n" +
		"work on it. Replace the adapter with the real endpoint before relying on any result.\n\n")
	fmt.Fprintf(&b, "- Task id: `%s`\n- Connector: `%s`\n- Role: `%s`\n- Request: `%s`\n\n", req.TaskID, req.ConnectorID, req.Role, requestRel)
	b.WriteString("## The request's task, quoted as data\n\n")
	fence := strings.Repeat("`", max(3, longestRun(req.Task, '`')+1))
	fmt.Fprintf(&b, "%stext\n%s\n%s\n", fence, strings.TrimRight(req.Task, "\n"), fence)
	return b.String()
}

// longestRun is the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	best, n := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
			best = max(best, n)
		} else {
			n = 0
		}
	}
	return best
}

// requestReadError names the request path with why it could not be read:
// a missing, linked or oversized request is refused (a usage error), an
// I/O error is an error of its own (*ReadError).
func requestReadError(rel string, err error) error {
	var tl *FileTooLargeError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &DispatchError{Problems: []string{rel + ": no such file or directory (name the request, relative to the repository root)"}}
	case errors.Is(err, ErrLink):
		return &DispatchError{Problems: []string{rel + ": " + err.Error() + "; the request must be a regular file"}}
	case errors.As(err, &tl):
		return &DispatchError{Problems: []string{rel + ": " + err.Error()}}
	}
	if re := ioError(rel, err); re != nil {
		return re
	}
	return fmt.Errorf("%s: %w", rel, err)
}

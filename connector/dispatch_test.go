package connector

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// dispatchRepo is a copy of the ok-1-1-orchestrator fixture plus the
// research agent's manifest.
func dispatchRepo(t *testing.T) (string, []*Manifest) {
	t.Helper()
	root := t.TempDir()
	copyTree(t, filepath.Join(exchangeFixtures, "ok-1-1-orchestrator"), root)
	copyTree(t, filepath.Join(exchangeFixtures, "ok-1-1-agent", "connectors"), filepath.Join(root, "connectors"))
	ms, ds, _, err := LoadManifests(context.Background(), DirFS(root))
	if err != nil || len(ds) > 0 || len(ms) != 2 {
		t.Fatalf("manifests: %v %v", err, ds)
	}
	return root, ms
}

func orchestratorTask() DispatchOptions {
	return DispatchOptions{
		ConnectorID: "acme-delivery-orchestrator-v3", Role: "developer", Task: "Implement the plan.",
		DeliverableRoot: ".copilot-tracking/changes/2026-03-02-invoice-validation/",
		BindingID:       "delivery-workflow", MemberName: "Consumer Implementation Orchestrator", SquadRoot: ".copilot-tracking/squad/",
		Outputs: []AllowedOutput{
			{OutputID: "implementation", DeliverableRoot: ".copilot-tracking/changes/2026-03-02-invoice-validation/implementation/"},
			{OutputID: "validation", DeliverableRoot: ".copilot-tracking/changes/2026-03-02-invoice-validation/validation/"},
		},
		DeadlineMinutes: -1, RetryCap: -1, Now: at("2026-03-02T12:00:00Z"),
	}
}

func TestDispatchWritesACleanExchange(t *testing.T) {
	root, ms := dispatchRepo(t)
	o := orchestratorTask()
	o.Rand = bytes.NewReader(bytes.Repeat([]byte{0xab}, 16))
	d, err := Dispatch(context.Background(), root, ms, nil, o)
	if err != nil {
		t.Fatal(err)
	}
	if d.TaskID != "t-abababababababababababababababab" {
		t.Errorf("taskId = %s", d.TaskID)
	}
	// The new exchange (and the fixture's) lint clean, and resolve awaiting.
	for _, line := range checkTreeFindings(t, root) {
		t.Errorf("finding after dispatch: %s", line)
	}
	req, _ := os.ReadFile(filepath.Join(root, d.Request))
	for _, want := range []string{`"deadline": "2026-03-02T13:30:00Z"`, `"retryCap": 2`, `"createdAt": "2026-03-02T12:00:00Z"`} {
		if !bytes.Contains(req, []byte(want)) {
			t.Errorf("request lacks %s:\n%s", want, req)
		}
	}
	snap, _ := ParseSnapshot(d.Snapshot, mustRead(t, root, d.Snapshot))
	if got := snap.Roots[1].Entries; !reflect.DeepEqual(got, []string{
		".copilot-tracking/changes/2026-03-02-invoice-validation/implementation/implementation-note.md"}) {
		t.Errorf("implementation root entries = %v", got)
	}
	if len(snap.Roots[0].Entries) != 3 {
		t.Errorf("main root entries = %v", snap.Roots[0].Entries)
	}
	st, _ := ParseState(d.State, mustRead(t, root, d.State))
	if st.Status != StatusAwaiting || st.Attempts != 0 || st.Consumed ||
		st.RequestSha256 != SHA256Hex(req) || st.SnapshotSha256 != SHA256Hex(mustRead(t, root, d.Snapshot)) {
		t.Errorf("state = %+v", st)
	}

	// The same taskId again: refused, and nothing is replaced.
	before := mustRead(t, root, d.Request)
	o.Rand = bytes.NewReader(bytes.Repeat([]byte{0xab}, 16))
	o.Task = "Something else."
	if _, err := Dispatch(context.Background(), root, ms, nil, o); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("second dispatch with the same taskId: %v", err)
	}
	if !bytes.Equal(before, mustRead(t, root, d.Request)) {
		t.Errorf("the request was overwritten")
	}
}

func TestDispatchRefusesLinkedMailbox(t *testing.T) {
	root, ms := dispatchRepo(t)
	box := filepath.Join(root, ".connector-drops", "acme-research-agent")
	if err := os.MkdirAll(filepath.Join(root, "elsewhere"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "elsewhere"), box); err != nil {
		testtool.Unsupported(t, "symbolic links", err)
	}
	o := DispatchOptions{ConnectorID: "acme-research-agent", Role: "researcher", Task: "Research.", DeliverableRoot: "reports/r/",
		BindingID: "research-agent", MemberName: "Consumer Research Agent", SquadRoot: ".copilot-tracking/squad/",
		DeadlineMinutes: -1, RetryCap: -1}
	if _, err := Dispatch(context.Background(), root, ms, nil, o); err == nil || !strings.Contains(err.Error(), "symlink") {
		t.Fatalf("dispatch through a symlinked mailbox: %v", err)
	}
	if entries, _ := os.ReadDir(filepath.Join(root, "elsewhere")); len(entries) != 0 {
		t.Errorf("files were written through the link: %v", entries)
	}
}

func TestDispatchRefusesBrokenManifest(t *testing.T) {
	root, ms := dispatchRepo(t)
	m, ds := ParseManifest(ms[0].Path, bytes.Replace(ms[0].Doc.Src, []byte(`"version": "3.0.0"`), []byte(`"version": "three"`), 1))
	if _, err := Dispatch(context.Background(), root, []*Manifest{m}, ds, orchestratorTask()); err == nil ||
		!strings.Contains(err.Error(), "CN120") {
		t.Fatalf("dispatch to a connector whose manifest has errors: %v", err)
	}
}

func mustRead(t *testing.T, root, rel string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

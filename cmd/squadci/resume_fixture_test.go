package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/squadci/squadci/connector"
)

// taskKind is what a generated task holds, and so how a resume ends it.
type taskKind int

const (
	kindGood    taskKind = iota // a valid completed result and its artifact → completed
	kindBad                     // a result whose role differs from the request's → failed (CN504)
	kindExpired                 // no result, past its deadline → unreachable
	kindWaiting                 // no result, deadline ahead, retry cap 10 → stays awaiting
)

// wantStatus is the final status a resume records for a kind.
func (k taskKind) wantStatus() string {
	return [...]string{connector.StatusCompleted, connector.StatusFailed, connector.StatusUnreachable, connector.StatusAwaiting}[k]
}

// taskMailbox is the mailbox of the manifest the generated tasks use
// (goodManifest's).
const taskMailbox = ".connector-drops/acme-research-agent/"

// genTask is one generated task.
type genTask struct {
	id    string
	kind  taskKind
	state []byte // the awaiting state as written
}

func (g genTask) statePath() string { return taskMailbox + ".squad-connector/" + g.id + ".state.json" }

// writeTasks writes goodManifest and n dispatched tasks straight to disk,
// snapshot, request and awaiting state with correct hashes (as `connector
// dispatch` would, without its fsyncs), plus the artifact and result the
// kind calls for. Files are written in parallel; the tasks are returned in
// order.
func writeTasks(tb testing.TB, root string, n int, kind func(i int) taskKind) []genTask {
	tb.Helper()
	write := func(rel string, data []byte) error {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		return os.WriteFile(p, data, 0o644)
	}
	if err := write("connectors/acme-research-agent.json", []byte(goodManifest)); err != nil {
		tb.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, filepath.FromSlash(taskMailbox), ".squad-connector"), 0o755); err != nil {
		tb.Fatal(err)
	}
	tasks := make([]genTask, n)
	created := time.Now().Add(-2 * time.Hour).UTC().Truncate(time.Second)
	var wg sync.WaitGroup
	errs := make(chan error, 1)
	work := make(chan int)
	for range runtime.GOMAXPROCS(0) * 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				tasks[i] = genTask{id: fmt.Sprintf("t-%08d", i), kind: kind(i)}
				if err := writeTask(write, &tasks[i], created); err != nil {
					select {
					case errs <- err:
					default:
					}
				}
			}
		}()
	}
	for i := range n {
		work <- i
	}
	close(work)
	wg.Wait()
	select {
	case err := <-errs:
		tb.Fatal(err)
	default:
	}
	return tasks
}

func writeTask(write func(string, []byte) error, g *genTask, created time.Time) error {
	root := "reports/" + g.id + "/"
	deadline := created.Add(4 * time.Hour)
	if g.kind == kindExpired {
		deadline = created.Add(time.Hour)
	}
	req := connector.RequestFile{SchemaVersion: "1.1", TaskID: g.id, ConnectorID: "acme-research-agent", Role: "researcher",
		BindingID: "research-agent", MemberName: "Consumer Research Agent", SquadRoot: ".copilot-tracking/squad/",
		Task: "Research invoice rounding.", DeliverableRoot: root, Deadline: connector.FormatTimestamp(deadline),
		RetryCap: 10, CreatedAt: connector.FormatTimestamp(created)}
	snap := connector.SnapshotFile{SchemaVersion: "1", TaskID: g.id, CreatedAt: req.CreatedAt,
		Roots: []connector.SnapshotRoot{{Root: root, Entries: []string{}}}}
	reqBytes, snapBytes := jsonFile(req), jsonFile(snap)
	st := connector.StateFile{SchemaVersion: "1", TaskID: g.id, ConnectorID: req.ConnectorID, Role: req.Role,
		BindingID: req.BindingID, MemberName: req.MemberName, SquadRoot: req.SquadRoot,
		RequestSha256: connector.SHA256Hex(reqBytes), SnapshotSha256: connector.SHA256Hex(snapBytes),
		Deadline: req.Deadline, RetryCap: req.RetryCap, Status: connector.StatusAwaiting, CreatedAt: req.CreatedAt, UpdatedAt: req.CreatedAt}
	g.state = st.Encode()
	files := []struct {
		rel  string
		data []byte
	}{
		{taskMailbox + g.id + ".snapshot.json", snapBytes},
		{taskMailbox + g.id + ".request.json", reqBytes},
		{g.statePath(), g.state},
	}
	if g.kind == kindGood || g.kind == kindBad {
		res := connector.ResultFile{SchemaVersion: "1.1", ConnectorID: req.ConnectorID, TaskID: g.id, Role: req.Role,
			BindingID: req.BindingID, Status: "completed", Narrative: "SECRET-NARRATIVE-" + g.id,
			Artifacts: []connector.ArtifactEntry{{Path: root + "note.md"}}, CompletedAt: connector.FormatTimestamp(created.Add(time.Minute))}
		if g.kind == kindBad {
			res.Role = "developer"
		}
		files = append(files,
			struct {
				rel  string
				data []byte
			}{root + "note.md", []byte("ARTIFACT-CONTENT-" + g.id + "\n")},
			struct {
				rel  string
				data []byte
			}{taskMailbox + g.id + ".result.json", jsonFile(res)})
	}
	for _, f := range files {
		if err := write(f.rel, f.data); err != nil {
			return err
		}
	}
	return nil
}

func jsonFile(v any) []byte {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		panic(err)
	}
	return append(b, '\n')
}

// checkFinalStates asserts that every task's state parses without errors
// and records the status its kind calls for, a completed or failed result
// consumed by its exact hash, and that no lock or temporary file is left
// in the mailbox.
func checkFinalStates(t *testing.T, root string, tasks []genTask) {
	t.Helper()
	for _, g := range tasks {
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(g.statePath())))
		if err != nil {
			t.Errorf("%s: %v", g.id, err)
			continue
		}
		st, ds := connector.ParseState(g.statePath(), src)
		if st == nil || len(ds) > 0 {
			t.Errorf("%s: state does not parse cleanly: %v\n%s", g.id, ds, src)
			continue
		}
		if st.Status != g.kind.wantStatus() {
			t.Errorf("%s (%d): status %s, want %s", g.id, g.kind, st.Status, g.kind.wantStatus())
		}
		if g.kind == kindGood || g.kind == kindBad {
			res, _ := os.ReadFile(filepath.Join(root, filepath.FromSlash(taskMailbox+g.id+".result.json")))
			if !st.Consumed || st.ResultSha256 != connector.SHA256Hex(res) {
				t.Errorf("%s: result not consumed by its hash (consumed %v, %s)", g.id, st.Consumed, st.ResultSha256)
			}
		} else if st.Consumed || st.ResultSha256 != "" {
			t.Errorf("%s: consumed without a result", g.id)
		}
	}
	leftovers(t, filepath.Join(root, filepath.FromSlash(taskMailbox)))
}

// leftovers fails for any lock or temporary file under dir.
func leftovers(t *testing.T, dir string) {
	t.Helper()
	for _, sub := range []string{"", ".squad-connector"} {
		entries, err := os.ReadDir(filepath.Join(dir, sub))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if n := e.Name(); strings.HasSuffix(n, ".lock") || strings.Contains(n, ".tmp") {
				t.Errorf("left behind: %s", filepath.Join(sub, n))
			}
		}
	}
}

package connector

import (
	"context"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/squadci/squadci/internal/testtool"
)

// resumeRepo is a repository with the research agent's manifest only.
func resumeRepo(t testing.TB) (string, []*Manifest) {
	t.Helper()
	root := t.TempDir()
	m, err := os.ReadFile(filepath.Join(exchangeFixtures, "ok-1-1-agent", "connectors", "research-agent.json"))
	if err != nil {
		t.Fatal(err)
	}
	writeRel(t, root, "connectors/research-agent.json", string(m))
	ms, ds, _, err := LoadManifests(context.Background(), DirFS(root))
	if err != nil || len(ds) > 0 || len(ms) != 1 {
		t.Fatalf("manifests: %v %v", err, ds)
	}
	return root, ms
}

// dispatchAt dispatches a research task as if at time now.
func dispatchAt(t testing.TB, root string, ms []*Manifest, now time.Time, minutes, retryCap int) *Dispatched {
	t.Helper()
	d, err := Dispatch(context.Background(), root, ms, nil, DispatchOptions{
		ConnectorID: "acme-research-agent", Role: "researcher", Task: "Research invoice rounding.",
		DeliverableRoot: "reports/research/", BindingID: "research-agent", MemberName: "Consumer Research Agent",
		SquadRoot: ".copilot-tracking/squad/", DeadlineMinutes: minutes, RetryCap: retryCap, Now: now,
	})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// resultFor writes the artifacts and then the result an adapter would;
// role "developer" makes an identity mismatch.
func writeResult(t *testing.T, root string, d *Dispatched, status, role string, artifacts ...string) {
	t.Helper()
	res := ResultFile{SchemaVersion: "1.1", ConnectorID: "acme-research-agent", TaskID: d.TaskID, Role: role,
		BindingID: "research-agent", Status: status, Narrative: "Read the calculator and wrote a cited note.",
		Artifacts: []ArtifactEntry{}, CompletedAt: FormatTimestamp(time.Now())}
	for _, a := range artifacts {
		writeRel(t, root, a, "# Note\n")
		res.Artifacts = append(res.Artifacts, ArtifactEntry{Path: a})
	}
	writeRel(t, root, resultPathOf(d), string(encodeJSON(res)))
}

func resultPathOf(d *Dispatched) string {
	return path.Dir(d.Request) + "/" + d.TaskID + ".result.json"
}

func writeRel(t testing.TB, root, rel, content string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func resumeAt(t *testing.T, root string, ms []*Manifest, now time.Time) map[string]TaskOutcome {
	t.Helper()
	rep, err := Resume(context.Background(), root, ResumeOptions{Manifests: ms, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]TaskOutcome{}
	for _, o := range rep.Tasks {
		out[o.TaskID] = o
	}
	return out
}

func readState(t *testing.T, root string, d *Dispatched) *State {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(d.State)))
	if err != nil {
		t.Fatal(err)
	}
	st, ds := ParseState(d.State, src)
	if st == nil || hasError(ds) {
		t.Fatalf("state %s does not parse: %v\n%s", d.State, ds, src)
	}
	return st
}

func TestResumeDecidesAndRecords(t *testing.T) {
	root, ms := resumeRepo(t)
	start := time.Now().Add(-2 * time.Hour).UTC().Truncate(time.Second)
	now := time.Now().UTC().Truncate(time.Second)
	good := dispatchAt(t, root, ms, start, 600, 2)
	bad := dispatchAt(t, root, ms, start, 600, 2)
	producerFailed := dispatchAt(t, root, ms, start, 600, 2)
	waiting := dispatchAt(t, root, ms, start, 600, 2)
	expired := dispatchAt(t, root, ms, start, 60, 2)
	capped := dispatchAt(t, root, ms, start, 600, 0)
	tampered := dispatchAt(t, root, ms, start, 600, 2)
	note := "reports/research/" + good.TaskID + ".md"
	writeResult(t, root, good, "completed", "researcher", note)
	writeResult(t, root, bad, "completed", "developer", "reports/elsewhere/x.md")
	writeResult(t, root, producerFailed, "failed", "researcher")
	writeRel(t, root, tampered.Request, "{}\n")

	// The retry-capped task is checked once (attempts 1 > retryCap 0 only
	// on the second check).
	first := resumeAt(t, root, ms, now)
	if o := first[capped.TaskID]; o.Status != StatusAwaiting || o.Attempts != 1 || !o.Changed || o.Transition {
		t.Errorf("first check of the capped task: %+v", o)
	}
	got := resumeAt(t, root, ms, now)
	tests := []struct {
		d                *Dispatched
		status, reason   string
		rules            []string
		attempts         int
		consumed, record bool
	}{
		{good, StatusCompleted, "", nil, 0, true, true},
		{bad, StatusFailed, ReasonInvalidResult, []string{"CN312", "CN504"}, 0, true, true},
		{producerFailed, StatusFailed, ReasonProducerFailed, nil, 0, true, true},
		{waiting, StatusAwaiting, "", nil, 2, false, false},
		{expired, StatusUnreachable, ReasonDeadline, nil, 0, false, true},
		{capped, StatusUnreachable, ReasonRetryCap, nil, 1, false, true},
		{tampered, StatusFailed, ReasonTampered, []string{"CN202", "CN507"}, 0, false, true},
	}
	for _, tt := range tests {
		o, ok := first[tt.d.TaskID]
		if tt.d == waiting || tt.d == capped {
			o, ok = got[tt.d.TaskID]
		}
		if !ok {
			t.Errorf("%s not reported", tt.d.TaskID)
			continue
		}
		if o.Status != tt.status || o.Reason != tt.reason || !reflect.DeepEqual(o.Rules, tt.rules) || o.Transition != tt.record {
			t.Errorf("%s: %+v, want %s %s %v transition %v", tt.d.TaskID, o, tt.status, tt.reason, tt.rules, tt.record)
		}
		st := readState(t, root, tt.d)
		if st.Status != tt.status || st.Attempts != tt.attempts || st.Consumed != tt.consumed {
			t.Errorf("%s state: status %s attempts %d consumed %v", tt.d.TaskID, st.Status, st.Attempts, st.Consumed)
		}
		if code, rules, _ := ParseReason(st.Reason); code != tt.reason || !reflect.DeepEqual(rules, tt.rules) && tt.reason != ReasonProducerFailed {
			t.Errorf("%s state reason %q", tt.d.TaskID, st.Reason)
		}
		if tt.consumed != (st.ResultSha256 != "") {
			t.Errorf("%s resultSha256 %q", tt.d.TaskID, st.ResultSha256)
		}
	}
	if o := first[good.TaskID]; !reflect.DeepEqual(o.Artifacts, []string{note}) || o.Provenance == nil ||
		o.Provenance.BindingID != "research-agent" || o.Provenance.MemberName != "Consumer Research Agent" || o.Provenance.ResultSha256 == "" {
		t.Errorf("completed task report: %+v %+v", o, o.Provenance)
	}
	// Finished tasks are not reported again, but for the changed request
	// beside the failed one: not the request the task was dispatched with,
	// it is a replay. The waiting one counts on.
	for id, o := range got {
		if id != waiting.TaskID && id != capped.TaskID && (id != tampered.TaskID || o.Reason != ReasonReplay || o.Changed) {
			t.Errorf("finished task %s reported again: %+v", id, o)
		}
	}
	// Every state resume wrote passes every exchange rule; the only
	// findings are those of the bad result and the changed request.
	for _, line := range checkTreeFindings(t, root) {
		if !strings.Contains(line, tampered.TaskID) && !strings.Contains(line, bad.TaskID) {
			t.Errorf("finding after resume: %s", line)
		}
	}
}

func TestResumeLateResultAndReplay(t *testing.T) {
	root, ms := resumeRepo(t)
	start := time.Now().Add(-2 * time.Hour)
	d := dispatchAt(t, root, ms, start, 60, 2)
	if o := resumeAt(t, root, ms, time.Now())[d.TaskID]; o.Status != StatusUnreachable || !o.Transition {
		t.Fatalf("past its deadline: %+v", o)
	}
	writeResult(t, root, d, "completed", "researcher", "reports/research/late.md")
	withResult := snapshotTree(t, root)
	o := resumeAt(t, root, ms, time.Now())[d.TaskID]
	if o.Status != StatusUnreachable || o.Reason != ReasonLateResult || o.Changed || o.Transition || len(o.Artifacts) > 0 {
		t.Errorf("late result: %+v", o)
	}
	if after := snapshotTree(t, root); !reflect.DeepEqual(after, withResult) {
		t.Errorf("a late result changed the tree")
	}
	// A new request under the finished id is a replay.
	os.Remove(filepath.Join(root, filepath.FromSlash(resultPathOf(d))))
	req, _ := os.ReadFile(filepath.Join(root, filepath.FromSlash(d.Request)))
	writeRel(t, root, d.Request, strings.Replace(string(req), "Research invoice rounding.", "Research it again.", 1))
	o = resumeAt(t, root, ms, time.Now())[d.TaskID]
	if o.Status != StatusUnreachable || o.Reason != ReasonReplay || o.Changed || o.Transition {
		t.Errorf("replay: %+v", o)
	}
}

func TestResumeOrphanIsNeverWritten(t *testing.T) {
	root, ms := resumeRepo(t)
	d := dispatchAt(t, root, ms, time.Now(), 60, 2)
	os.Remove(filepath.Join(root, filepath.FromSlash(d.State)))
	before := snapshotTree(t, root)
	o := resumeAt(t, root, ms, time.Now())[d.TaskID]
	if o.Status != StatusFailed || o.Reason != ReasonOrphanRequest || o.Changed || o.Transition {
		t.Errorf("orphan: %+v", o)
	}
	if !reflect.DeepEqual(before, snapshotTree(t, root)) {
		t.Errorf("an orphan request changed the tree")
	}
}

// A re-run over finished tasks reads only: the tree, mtimes included, is
// unchanged.
func TestResumeRerunChangesNothing(t *testing.T) {
	root, ms := resumeRepo(t)
	for i := range 5 {
		d := dispatchAt(t, root, ms, time.Now().Add(-time.Hour), 30+i*60, 2)
		if i%2 == 0 {
			writeResult(t, root, d, "completed", "researcher", "reports/research/"+d.TaskID+".md")
		}
	}
	resumeAt(t, root, ms, time.Now())
	resumeAt(t, root, ms, time.Now()) // the awaiting ones count on, then...
	for range 3 {
		resumeAt(t, root, ms, time.Now()) // ...reach their retry cap
	}
	before := snapshotTree(t, root)
	if got := resumeAt(t, root, ms, time.Now()); len(got) != 0 {
		t.Errorf("re-run reported %v", got)
	}
	if after := snapshotTree(t, root); !reflect.DeepEqual(before, after) {
		t.Errorf("re-run changed the tree")
	}
}

// A state whose own fields are broken fails closed and is never rewritten.
func TestResumeKeepsABrokenState(t *testing.T) {
	root, ms := resumeRepo(t)
	d := dispatchAt(t, root, ms, time.Now(), 60, 2)
	src, _ := os.ReadFile(filepath.Join(root, filepath.FromSlash(d.State)))
	writeRel(t, root, d.State, strings.Replace(string(src), `"attempts": 0`, `"attempts": "zero"`, 1))
	statePath := filepath.Join(root, filepath.FromSlash(d.State))
	before, _ := os.Stat(statePath)
	o := resumeAt(t, root, ms, time.Now())[d.TaskID]
	if o.Status != StatusFailed || o.Reason != ReasonTampered || o.Changed {
		t.Errorf("broken state: %+v", o)
	}
	if after, err := os.Stat(statePath); err != nil || !os.SameFile(before, after) || !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("a broken state was rewritten")
	}
}

func TestResumeLocks(t *testing.T) {
	root, ms := resumeRepo(t)
	d := dispatchAt(t, root, ms, time.Now(), 60, 2)
	box := path.Dir(d.Request) + "/"
	lock := lockPath(box, d.TaskID)
	// A lock held by a live process (this one) is respected.
	held, _, err := acquireLock(filepath.Join(root, lock), lock, d.TaskID, LockPolicy{}.self(), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Resume(context.Background(), root, ResumeOptions{Manifests: ms})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Tasks) != 1 || !rep.Tasks[0].Skipped || rep.Tasks[0].Status != StatusAwaiting || rep.Tasks[0].Changed ||
		len(rep.Locks) != 1 || rep.Locks[0].Action != LockBusy || rep.Locks[0].Path != lock {
		t.Errorf("held lock: %+v %+v", rep.Tasks, rep.Locks)
	}
	if st := readState(t, root, d); st.Attempts != 0 {
		t.Errorf("a skipped task was written: attempts %d", st.Attempts)
	}
	held.release()
	// A dead process's lock and temporary files are cleared, and the task
	// resumed.
	dead := deadPID(t)
	host, _ := os.Hostname()
	writeRel(t, root, lock, `{"pid":`+itoa(dead)+`,"host":"`+host+`","time":"2020-01-01T00:00:00Z"}`)
	tmps := []string{box + stateDir + "." + d.TaskID + ".state.json.tmp-123", box + stateDir + "." + d.TaskID + ".state.json.tmp-456",
		box + stateDir + "." + d.TaskID + ".claim.json.tmp-789"}
	for _, p := range tmps {
		writeRel(t, root, p, "partial")
	}
	rep, err = Resume(context.Background(), root, ResumeOptions{Manifests: ms, Lock: LockPolicy{Timeout: time.Minute}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Tasks) != 1 || rep.Tasks[0].Skipped || !rep.Tasks[0].Changed || len(rep.Locks) != 1 || rep.Locks[0].Action != LockBroken {
		t.Errorf("stale lock: %+v %+v", rep.Tasks, rep.Locks)
	}
	for _, p := range append(tmps, lock) {
		if _, err := os.Lstat(filepath.Join(root, p)); !os.IsNotExist(err) {
			t.Errorf("%s left behind: %v", p, err)
		}
	}
}

// deadPID is the pid of a process that has exited.
func deadPID(t *testing.T) int {
	t.Helper()
	p, err := os.StartProcess("/bin/sh", []string{"sh", "-c", "exit 0"}, &os.ProcAttr{})
	if err != nil {
		testtool.Unsupported(t, "/bin/sh", err)
	}
	if _, err := p.Wait(); err != nil {
		t.Fatal(err)
	}
	return p.Pid
}

// snapshotTree records every entry under root: mode, mtime and content.
func snapshotTree(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		v := info.Mode().String() + " " + info.ModTime().String()
		if info.Mode().IsRegular() {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			v += " " + string(b)
		}
		rel, _ := filepath.Rel(root, p)
		out[rel] = v
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestStateTemp(t *testing.T) {
	for _, tc := range []struct {
		name, id string
		ok       bool
	}{
		{".t-1.state.json.tmp-123", "t-1", true},
		{".t-1.lock.tmp-42-77", "", false},
		{"t-1.state.json", "", false},
		{".state.json.tmp-1", "", false},
		{".t-1.claim.json", "", false},
		{".t-1.claim.json.tmp-99", "t-1", true},
		{".claim.json.tmp-99", "", false},
	} {
		if id, ok := stateTemp(tc.name); id != tc.id || ok != tc.ok {
			t.Errorf("stateTemp(%q) = %q %v", tc.name, id, ok)
		}
	}
}

// Resume decides exactly what Resolve (`connector status`) says it would.
func TestResumeAgreesWithResolve(t *testing.T) {
	root, ms := resumeRepo(t)
	start := time.Now().Add(-2 * time.Hour)
	for i := range 12 {
		d := dispatchAt(t, root, ms, start, []int{60, 600}[i%2], i%3)
		switch i % 4 {
		case 0:
			writeResult(t, root, d, "completed", "researcher", "reports/research/"+d.TaskID+".md")
		case 1:
			writeResult(t, root, d, "failed", "researcher")
		case 2:
			writeResult(t, root, d, "completed", "developer")
		}
	}
	now := time.Now()
	for round := range 3 {
		want, err := Resolve(context.Background(), DirFS(root), ResolveOptions{Manifests: ms, Now: now})
		if err != nil {
			t.Fatal(err)
		}
		got := resumeAt(t, root, ms, now)
		if len(got) != len(want) {
			t.Fatalf("round %d: resume decided %d tasks, resolve %d", round, len(got), len(want))
		}
		for _, w := range want {
			if g := got[w.TaskID].TaskDecision; !reflect.DeepEqual(g, w) {
				t.Errorf("round %d %s:\nresume  %+v\nresolve %+v", round, w.TaskID, g, w)
			}
		}
	}
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/squadci/squadci/connector"
)

// runEnv drives the CLI in-process with extra environment variables (PATH
// is passed on, for adapters).
func runEnv(t *testing.T, dir string, env []string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	c := &Command{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Dir: dir,
		Env: append([]string{"NO_COLOR=1", "PATH=" + os.Getenv("PATH")}, env...)}
	code = c.Main(append([]string{"squadci"}, args...))
	return code, out.String(), errb.String()
}

// researchAdapter is a POSIX sh adapter for the research agent: it logs
// its task id (O_APPEND), writes a note under the deliverable root, then
// publishes a result atomically. A task whose text says BAD gets a result
// with the wrong role.
const researchAdapter = `#!/bin/sh
set -eu
req="$1"
echo "$SQUADCI_TASK_ID" >> adapter-calls.log
role=researcher
if grep -q BAD "$req"; then role=developer; fi
mkdir -p "$SQUADCI_DELIVERABLE_ROOT"
printf 'ARTIFACT-CONTENT %s\n' "$SQUADCI_TASK_ID" > "$SQUADCI_DELIVERABLE_ROOT$SQUADCI_TASK_ID.md"
box=$(dirname "$req")
cat > "$box/.$SQUADCI_TASK_ID.result.tmp" <<EOF
{"schemaVersion": "1.1", "connectorId": "acme-research-agent", "taskId": "$SQUADCI_TASK_ID", "role": "$role",
 "bindingId": "research-agent", "status": "completed", "narrative": "SECRET-NARRATIVE wrote a cited note.",
 "artifacts": [{"path": "$SQUADCI_DELIVERABLE_ROOT$SQUADCI_TASK_ID.md"}], "completedAt": "2026-03-02T10:00:00Z"}
EOF
mv "$box/.$SQUADCI_TASK_ID.result.tmp" "$box/$SQUADCI_TASK_ID.result.json"
echo "adapter finished $SQUADCI_TASK_ID"
`

// adapterConfig is a .squadci.yml mapping the research agent to the
// adapter, with extra lines appended.
func adapterConfig(extra string) string {
	return "version: 1\nadapters:\n  acme-research-agent:\n    command: [\"sh\", \"adapter.sh\"]\n    timeout: 1m\n" + extra
}

// fakeGitHub records the REST calls a resume makes.
type fakeGitHub struct {
	mu    sync.Mutex
	calls []apiCall
}

type apiCall struct {
	Method, Path, Auth, Accept string
	Body                       map[string]any
}

func newFakeGitHub(t *testing.T) (*fakeGitHub, *httptest.Server) {
	f := &fakeGitHub{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		var body map[string]any
		if err := json.Unmarshal(b, &body); err != nil {
			t.Errorf("%s %s: body is not JSON: %s", r.Method, r.URL.Path, b)
		}
		f.mu.Lock()
		f.calls = append(f.calls, apiCall{r.Method, r.URL.Path, r.Header.Get("Authorization"), r.Header.Get("Accept"), body})
		f.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		io.WriteString(w, `{"id":1}`)
	}))
	t.Cleanup(srv.Close)
	return f, srv
}

func (f *fakeGitHub) take() []apiCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := f.calls
	f.calls = nil
	return c
}

type resumeOut struct {
	Version int
	Tasks   []struct {
		TaskID, ConnectorID, Current, Status, Reason string
		Rules, Artifacts                             []string
		Changed, Transition, Skipped                 bool
		Provenance                                   *connector.TaskProvenance
	}
	Notifications struct {
		Sent   int
		Errors []string
	}
	Counts statusCounts
}

func parseResume(t *testing.T, out string) resumeOut {
	t.Helper()
	var r resumeOut
	if err := json.Unmarshal([]byte(out), &r); err != nil || r.Version != 1 {
		t.Fatalf("resume output: %v\n%s", err, out)
	}
	return r
}

// The whole life cycle, end to end: dispatch, poll runs the adapter,
// resume records completed / failed / unreachable and tells the squad once;
// a late result is rejected; re-runs change and announce nothing.
func TestScheduledLifecycle(t *testing.T) {
	dir := newRepo(t)
	writeFile(t, dir, "adapter.sh", researchAdapter)
	writeFile(t, dir, ".squadci.yml", adapterConfig("notify:\n  dispatch: true\n  comment: 7\n"))
	good := dispatch(t, dir, researchArgs...)
	badArgs := append([]string{}, researchArgs...)
	badArgs[5] = "Research invoice rounding. BAD"
	bad := dispatch(t, dir, badArgs...)
	// A task dispatched two hours ago with a one-hour deadline: the real
	// Dispatch, with its clock set back, writes it with correct hashes.
	ms, _, _, err := connector.LoadManifests(context.Background(), connector.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	expired, err := connector.Dispatch(context.Background(), dir, ms, nil, connector.DispatchOptions{
		ConnectorID: "acme-research-agent", Role: "researcher", Task: "Research it.", DeliverableRoot: "reports/research/",
		BindingID: "research-agent", MemberName: "Consumer Research Agent", SquadRoot: ".copilot-tracking/squad/",
		DeadlineMinutes: 60, RetryCap: -1, Now: time.Now().Add(-2 * time.Hour),
	})
	if err != nil {
		t.Fatal(err)
	}

	code, out, stderr := runEnv(t, dir, nil, "poll", "--format", "json")
	if code != exitOK {
		t.Fatalf("poll: exit %d\n%s%s", code, out, stderr)
	}
	var polled pollDocument
	if err := json.Unmarshal([]byte(out), &polled); err != nil || len(polled.Tasks) != 2 {
		t.Fatalf("poll output (%v):\n%s", err, out)
	}
	calls, _ := os.ReadFile(filepath.Join(dir, "adapter-calls.log"))
	if lines := strings.Fields(string(calls)); len(lines) != 2 {
		t.Errorf("adapter runs: %q", lines)
	}

	api, srv := newFakeGitHub(t)
	env := []string{"GITHUB_API_URL=" + srv.URL, "GITHUB_REPOSITORY=acme/app", "GITHUB_TOKEN=tok-123"}
	code, out, stderr = runEnv(t, dir, env, "resume", "--format", "json", "--fail-on", "failed")
	if code != exitFindings {
		t.Errorf("resume with a failed task and --fail-on failed: exit %d\n%s", code, stderr)
	}
	if strings.Contains(out+stderr, "SECRET-NARRATIVE") || strings.Contains(out+stderr, "ARTIFACT-CONTENT") {
		t.Errorf("resume output carries narrative or artifact contents:\n%s", out)
	}
	rep := parseResume(t, out)
	byID := map[string]int{}
	for i, task := range rep.Tasks {
		byID[task.TaskID] = i
	}
	g, b, e := rep.Tasks[byID[good.TaskID]], rep.Tasks[byID[bad.TaskID]], rep.Tasks[byID[expired.TaskID]]
	if g.Status != "completed" || !g.Transition || !reflect.DeepEqual(g.Artifacts, []string{"reports/research/" + good.TaskID + ".md"}) ||
		g.Provenance == nil || g.Provenance.MemberName != "Consumer Research Agent" || g.Provenance.ResultSha256 == "" {
		t.Errorf("good task: %+v", g)
	}
	if b.Status != "failed" || b.Reason != "invalid-result" || !reflect.DeepEqual(b.Rules, []string{"CN504"}) || !b.Transition {
		t.Errorf("bad task: %+v", b)
	}
	if e.Status != "unreachable" || e.Reason != "deadline" || !e.Transition {
		t.Errorf("expired task: %+v", e)
	}
	if rep.Counts != (statusCounts{Completed: 1, Failed: 1, Unreachable: 1}) || rep.Notifications.Sent != 3 {
		t.Errorf("counts %+v, notifications %+v", rep.Counts, rep.Notifications)
	}
	checkNotifications(t, api.take(), map[string]string{good.TaskID: "completed", bad.TaskID: "failed", expired.TaskID: "unreachable"},
		"reports/research/"+good.TaskID+".md")

	// A result that appears after the task became unreachable is rejected
	// as late, changes nothing and is announced to no one.
	writeFile(t, dir, "reports/research/late.md", "# Late\n")
	writeFile(t, dir, expired.Request[:strings.LastIndex(expired.Request, "/")+1]+expired.TaskID+".result.json",
		resultFor(dispatched{TaskID: expired.TaskID}, "researcher", "reports/research/late.md"))
	before := treeState(t, dir)
	code, out, _ = runEnv(t, dir, env, "resume", "--format", "json")
	late := parseResume(t, out)
	if code != exitOK || len(late.Tasks) != 1 || late.Tasks[0].Reason != "late-result" || late.Tasks[0].Status != "unreachable" ||
		late.Tasks[0].Changed || late.Tasks[0].Transition || len(late.Tasks[0].Artifacts) != 0 {
		t.Errorf("late result: exit %d %+v", code, late.Tasks)
	}
	// Re-runs, in both formats: the tree is byte-identical and no call is made.
	for _, format := range []string{"json", "text"} {
		if code, out, stderr := runEnv(t, dir, env, "resume", "--format", format); code != exitOK {
			t.Errorf("re-run: exit %d\n%s%s", code, out, stderr)
		}
	}
	if after := treeState(t, dir); !reflect.DeepEqual(before, after) {
		t.Errorf("re-running resume changed the tree")
	}
	if calls := api.take(); len(calls) != 0 {
		t.Errorf("re-runs notified: %+v", calls)
	}
	// A poll pass finds nothing left to run.
	if code, out, _ := runEnv(t, dir, nil, "poll"); code != exitOK || !strings.Contains(out, "no pending requests") {
		t.Errorf("poll after resume: exit %d\n%s", code, out)
	}
}

// checkNotifications checks one repository_dispatch and one comment per
// transition: method, path, headers and payload.
func checkNotifications(t *testing.T, calls []apiCall, want map[string]string, goodArtifact string) {
	t.Helper()
	if len(calls) != 2*len(want) {
		t.Fatalf("%d API calls, want %d: %+v", len(calls), 2*len(want), calls)
	}
	dispatched := map[string]bool{}
	commented := 0
	for _, c := range calls {
		if c.Method != http.MethodPost || c.Auth != "Bearer tok-123" || !strings.Contains(c.Accept, "application/vnd.github") {
			t.Errorf("call %s %s: auth %q accept %q", c.Method, c.Path, c.Auth, c.Accept)
		}
		switch c.Path {
		case "/repos/acme/app/dispatches":
			p, _ := c.Body["client_payload"].(map[string]any)
			id, _ := p["taskId"].(string)
			if c.Body["event_type"] != "squad-connector-result" || p["status"] != want[id] || p["connectorId"] != "acme-research-agent" ||
				p["bindingId"] != "research-agent" || dispatched[id] {
				t.Errorf("dispatch payload %v", c.Body)
			}
			arts, _ := p["artifacts"].([]any)
			if want[id] == "completed" && (len(arts) != 1 || arts[0] != goodArtifact) || want[id] != "completed" && len(arts) != 0 {
				t.Errorf("dispatch artifacts for %s: %v", id, arts)
			}
			dispatched[id] = true
		case "/repos/acme/app/issues/7/comments":
			body, _ := c.Body["body"].(string)
			if !strings.Contains(body, "Squad Connector result") || strings.Contains(body, "SECRET-NARRATIVE") {
				t.Errorf("comment body %q", body)
			}
			commented++
		default:
			t.Errorf("unexpected call %s %s", c.Method, c.Path)
		}
	}
	if len(dispatched) != len(want) || commented != len(want) {
		t.Errorf("dispatched %v, %d comments", dispatched, commented)
	}
}

func TestResumeFlags(t *testing.T) {
	dir := newRepo(t)
	for _, tc := range []struct {
		args []string
		want int
	}{
		{[]string{"resume"}, exitOK},
		{[]string{"resume", "--format", "xml"}, exitUsage},
		{[]string{"resume", "--fail-on", "warning"}, exitUsage},
		{[]string{"resume", "--notify", "loudly"}, exitUsage},
		{[]string{"resume", "--notify", "comment"}, exitUsage}, // no issue anywhere
		{[]string{"resume", "--notify-issue", "x"}, exitUsage},
		{[]string{"resume", "--lock-timeout", "-1s"}, exitUsage},
		{[]string{"resume", "extra"}, exitUsage},
		{[]string{"resume", "--config", "missing.yml"}, exitUsage},
		{[]string{"poll", "--once", "--interval", "1s"}, exitUsage},
		{[]string{"poll", "--jobs", "0"}, exitUsage},
		{[]string{"poll"}, exitOK},
	} {
		if code, _, stderr := run(t, dir, tc.args...); code != tc.want {
			t.Errorf("%v: exit %d, want %d (%s)", tc.args, code, tc.want, stderr)
		}
	}
}

// Without a token or repository the transitions are recorded all the same;
// the failure to announce them is reported, never fatal.
func TestResumeNotifyFailureIsNotFatal(t *testing.T) {
	dir := newRepo(t)
	writeFile(t, dir, ".squadci.yml", "version: 1\nnotify:\n  dispatch: true\n")
	ms, _, _, _ := connector.LoadManifests(context.Background(), connector.DirFS(dir))
	if _, err := connector.Dispatch(context.Background(), dir, ms, nil, connector.DispatchOptions{
		ConnectorID: "acme-research-agent", Role: "researcher", Task: "Research it.", DeliverableRoot: "reports/research/",
		BindingID: "research-agent", MemberName: "Consumer Research Agent", SquadRoot: ".copilot-tracking/squad/",
		DeadlineMinutes: 1, RetryCap: -1, Now: time.Now().Add(-time.Hour),
	}); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := run(t, dir, "resume", "--format", "json")
	rep := parseResume(t, out)
	if code != exitOK || rep.Counts.Unreachable != 1 || rep.Notifications.Sent != 0 || len(rep.Notifications.Errors) != 1 ||
		!strings.Contains(stderr, "not announced") {
		t.Errorf("exit %d %+v\n%s", code, rep, stderr)
	}
}

// Stderr is not a terminal in tests: no progress line is drawn.
func TestNoProgressWithoutTerminal(t *testing.T) {
	root := t.TempDir()
	writeTasks(t, root, 50, func(i int) taskKind { return taskKind(i % 3) })
	code, _, stderr := run(t, root, "resume", "--root", root)
	if code != exitOK || strings.Contains(stderr, "\r") || strings.Contains(stderr, "/50 tasks") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c := &Command{Stderr: f}
	if update, _ := c.progress("resume"); update != nil {
		t.Errorf("a regular file counts as a terminal")
	}
}

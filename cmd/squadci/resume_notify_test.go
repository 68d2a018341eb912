package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/squadci/squadci/connector"
)

// flakyGitHub answers the notification calls; failing lists the paths
// (substrings) it answers 502 for. It counts the calls by path.
type flakyGitHub struct {
	mu      sync.Mutex
	failing []string
	calls   map[string]int
}

func newFlakyGitHub(t *testing.T) (*flakyGitHub, []string) {
	f := &flakyGitHub{calls: map[string]int{}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.calls[r.URL.Path]++
		for _, p := range f.failing {
			if strings.Contains(r.URL.Path, p) {
				w.WriteHeader(http.StatusBadGateway)
				return
			}
		}
		w.WriteHeader(http.StatusCreated)
		w.Write([]byte(`{"id":1}`))
	}))
	t.Cleanup(srv.Close)
	return f, []string{"GITHUB_API_URL=" + srv.URL, "GITHUB_REPOSITORY=acme/app", "GITHUB_TOKEN=tok-123"}
}

// set makes the listed paths fail from now on and returns the calls made
// since the last set.
func (f *flakyGitHub) set(failing ...string) map[string]int {
	f.mu.Lock()
	defer f.mu.Unlock()
	calls := f.calls
	f.failing, f.calls = failing, map[string]int{}
	return calls
}

const (
	dispatchPath = "/repos/acme/app/dispatches"
	commentPath  = "/repos/acme/app/issues/7/comments"
)

// expiredTask dispatches a task whose deadline passed an hour ago: the
// next resume makes it unreachable, a transition to announce.
func expiredTask(t *testing.T, dir string) *connector.Dispatched {
	t.Helper()
	ms, _, _, _ := connector.LoadManifests(context.Background(), connector.DirFS(dir))
	d, err := connector.Dispatch(context.Background(), dir, ms, nil, connector.DispatchOptions{
		ConnectorID: "acme-research-agent", Role: "researcher", Task: "Research it.", DeliverableRoot: "reports/research/",
		BindingID: "research-agent", MemberName: "Consumer Research Agent", SquadRoot: ".copilot-tracking/squad/",
		DeadlineMinutes: 1, RetryCap: -1, Now: time.Now().Add(-time.Hour),
	})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// stateNotification reads the notification record of a task's state.
func stateNotification(t *testing.T, dir, state string) *connector.StateNotification {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, state))
	if err != nil {
		t.Fatal(err)
	}
	var st struct{ Notification *connector.StateNotification }
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	return st.Notification
}

type notifyReport struct {
	Notifications notifyOutcome
}

func resumeNotify(t *testing.T, dir string, env []string) notifyOutcome {
	t.Helper()
	code, out, stderr := runEnv(t, dir, env, "resume", "--format", "json")
	var r notifyReport
	if err := json.Unmarshal([]byte(out), &r); code != exitOK || err != nil {
		t.Fatalf("resume: exit %d, %v\n%s%s", code, err, out, stderr)
	}
	return r.Notifications
}

// A comment that fails is owed in the state; the next resume sends the
// comment alone (the dispatch went through the first time) and clears the
// record; the third sends nothing.
func TestOwedNotificationIsSentOnce(t *testing.T) {
	dir := newRepo(t)
	writeFile(t, dir, ".squadci.yml", "version: 1\nnotify:\n  dispatch: true\n  comment: 7\n")
	api, env := newFlakyGitHub(t)
	task := expiredTask(t, dir)
	api.set("/issues/")
	first := resumeNotify(t, dir, env)
	rec := stateNotification(t, dir, task.State)
	if rec == nil || len(rec.Owed) != 1 || rec.Owed[0] != "comment" || rec.Attempts != 1 || rec.GaveUp || !strings.Contains(rec.LastError, "502") {
		t.Fatalf("after a failed comment the state records %+v", rec)
	}
	if first.Sent != 0 || len(first.Owed) != 1 || first.Owed[0].Attempts != 1 {
		t.Errorf("first resume reports %+v", first)
	}
	if calls := api.set(); calls[dispatchPath] != 1 || calls[commentPath] != 1 {
		t.Errorf("first resume calls %v", calls)
	}
	if code, out, _ := run(t, dir, "lint"); code != exitOK {
		t.Errorf("a state owing a notification lints clean: exit %d\n%s", code, out)
	}
	second := resumeNotify(t, dir, env)
	if calls := api.set(); calls[dispatchPath] != 0 || calls[commentPath] != 1 {
		t.Errorf("second resume calls %v: only the owed comment", calls)
	}
	if second.Sent != 1 || len(second.Retried) != 1 || strings.Join(second.Retried[0].Sent, ",") != "comment" || len(second.Retried[0].Owed) != 0 {
		t.Errorf("second resume reports %+v", second)
	}
	if rec := stateNotification(t, dir, task.State); rec != nil {
		t.Errorf("a sent notification stays recorded: %+v", rec)
	}
	third := resumeNotify(t, dir, env)
	if calls := api.set(); len(calls) != 0 || third.Sent != 0 || len(third.Retried) != 0 {
		t.Errorf("third resume calls %v, reports %+v", calls, third)
	}
}

// An owed notification is tried at most MaxNotifyAttempts times, then
// recorded as given up and never tried again. A notification sent fine
// never marks anything owed.
func TestOwedNotificationIsBounded(t *testing.T) {
	dir := newRepo(t)
	writeFile(t, dir, ".squadci.yml", "version: 1\nnotify:\n  dispatch: true\n")
	api, env := newFlakyGitHub(t)
	task := expiredTask(t, dir)
	api.set(dispatchPath)
	for attempt := 1; attempt <= connector.MaxNotifyAttempts; attempt++ {
		resumeNotify(t, dir, env)
		if calls := api.set(dispatchPath); calls[dispatchPath] != 1 {
			t.Errorf("attempt %d: calls %v", attempt, calls)
		}
		rec := stateNotification(t, dir, task.State)
		if rec == nil || rec.Attempts != attempt || rec.GaveUp != (attempt == connector.MaxNotifyAttempts) {
			t.Fatalf("after attempt %d the state records %+v", attempt, rec)
		}
	}
	api.set()
	if out := resumeNotify(t, dir, env); len(out.Retried) != 0 || len(api.set()) != 0 {
		t.Errorf("a given-up notification was tried again: %+v", out)
	}
	fine := expiredTask(t, dir)
	if out := resumeNotify(t, dir, env); out.Sent != 1 || len(out.Owed) != 0 || stateNotification(t, dir, fine.State) != nil {
		t.Errorf("a notification sent fine: %+v, record %+v", out, stateNotification(t, dir, fine.State))
	}
}

// Without a token nothing is sent, so no attempt is counted, but the
// notification is owed and the first resume with a token sends it.
func TestNotificationOwedWithoutToken(t *testing.T) {
	dir := newRepo(t)
	writeFile(t, dir, ".squadci.yml", "version: 1\nnotify:\n  dispatch: true\n")
	task := expiredTask(t, dir)
	resumeNotify(t, dir, []string{"GITHUB_REPOSITORY=acme/app"})
	if rec := stateNotification(t, dir, task.State); rec == nil || rec.Attempts != 0 || !strings.Contains(rec.LastError, "no token") {
		t.Fatalf("without a token the state records %+v", rec)
	}
	api, env := newFlakyGitHub(t)
	if out := resumeNotify(t, dir, env); out.Sent != 1 || api.set()[dispatchPath] != 1 || stateNotification(t, dir, task.State) != nil {
		t.Errorf("with a token: %+v", out)
	}
}

package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/squadci/squadci/connector"
)

// gate is a fake API whose answers the test holds: until open, every
// request waits (or, hang, never answers at all); it counts the requests
// and the most it held at once, and records each one's Authorization.
type gate struct {
	mu              sync.Mutex
	open            bool
	inFlight, most  int
	calls           map[string]int
	auth            []string
	arrived, closed chan struct{}
	delay           time.Duration
}

func newGate(t *testing.T) (*gate, string) {
	g := &gate{calls: map[string]int{}, arrived: make(chan struct{}, 1000), closed: make(chan struct{})}
	srv := httptest.NewServer(http.HandlerFunc(g.serve))
	t.Cleanup(func() { close(g.closed); srv.Close() })
	return g, srv.URL
}

func (g *gate) serve(w http.ResponseWriter, r *http.Request) {
	g.mu.Lock()
	g.calls[r.URL.Path]++
	g.auth = append(g.auth, r.Header.Get("Authorization"))
	g.inFlight++
	g.most = max(g.most, g.inFlight)
	open, delay := g.open, g.delay
	g.mu.Unlock()
	defer func() { g.mu.Lock(); g.inFlight--; g.mu.Unlock() }()
	g.arrived <- struct{}{}
	if !open {
		select { // never answers: only the client gives up
		case <-r.Context().Done():
		case <-g.closed:
		}
		return
	}
	time.Sleep(delay)
	w.WriteHeader(http.StatusCreated)
	w.Write([]byte(`{"id":1}`))
}

// answer makes the gate answer from now on, after delay; it returns the
// calls made so far and resets the counts.
func (g *gate) answer(delay time.Duration) (calls map[string]int, most int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	calls, most = g.calls, g.most
	g.open, g.delay, g.calls, g.most = true, delay, map[string]int{}, 0
	return calls, most
}

func (g *gate) seenAuth() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]string(nil), g.auth...)
}

func gateEnv(url string) []string {
	return []string{"GITHUB_API_URL=" + url, "GITHUB_REPOSITORY=acme/app", "GITHUB_TOKEN=ghs_tok123"}
}

func resumeNotifyArgs(t *testing.T, dir string, env []string, args ...string) (notifyOutcome, string) {
	t.Helper()
	code, out, stderr := runEnv(t, dir, env, append([]string{"resume", "--format", "json"}, args...)...)
	var r notifyReport
	if err := json.Unmarshal([]byte(out), &r); code != exitOK || err != nil {
		t.Fatalf("resume: exit %d, %v\n%s%s", code, err, out, stderr)
	}
	return r.Notifications, stderr
}

// An API that never answers costs a resume its notification deadline, not
// a request timeout per notification: 12 transitions on two channels, with
// requests allowed 30 s each (the old per-request wait, 12 minutes in
// all), finish in about the 2 s deadline. At most four are sent at once;
// the rest are not started. Every one stays owed in its state with no
// failed attempt counted (the run cut them short), and a later resume
// with a working API sends each once and clears every record.
func TestUnresponsiveAPIBoundsResume(t *testing.T) {
	t.Parallel() // a long scenario that mostly waits on processes: beside the others
	dir := newRepo(t)
	writeFile(t, dir, ".squadci.yml", "version: 1\nnotify:\n  dispatch: true\n  comment: 7\n")
	api, url := newGate(t)
	var tasks []*connector.Dispatched
	for range 12 {
		tasks = append(tasks, expiredTask(t, dir))
	}
	start := time.Now()
	first, stderr := resumeNotifyArgs(t, dir, gateEnv(url), "--notify-deadline", "2s", "--notify-timeout", "30s")
	if took := time.Since(start); took > 15*time.Second {
		t.Errorf("resume took %s with a 2s notification deadline", took)
	}
	calls, most := api.answer(0)
	if most != notifyWorkers || calls[dispatchPath] != notifyWorkers || calls[commentPath] != 0 {
		t.Errorf("the silent API got %v, at most %d at once; want %d dispatches at once", calls, most, notifyWorkers)
	}
	if first.Sent != 0 || len(first.Owed) != 12 || first.NotTried != 12-notifyWorkers || !strings.Contains(stderr, "the notification deadline (2s) passed") {
		t.Errorf("first resume: %+v\n%s", first, stderr)
	}
	for _, task := range tasks {
		rec := stateNotification(t, dir, task.State)
		if rec == nil || strings.Join(rec.Owed, ",") != "dispatch,comment" || rec.Attempts != 0 || rec.GaveUp {
			t.Errorf("%s: after the silent API the state records %+v", task.TaskID, rec)
		}
	}
	second, _ := resumeNotifyArgs(t, dir, gateEnv(url))
	calls, _ = api.answer(0)
	if second.Sent != 12 || len(second.Retried) != 12 || second.NotTried != 0 || calls[dispatchPath] != 12 || calls[commentPath] != 12 {
		t.Errorf("second resume: %+v, calls %v", second, calls)
	}
	for _, task := range tasks {
		if rec := stateNotification(t, dir, task.State); rec != nil {
			t.Errorf("%s: a sent notification stays recorded: %+v", task.TaskID, rec)
		}
	}
}

// A request that outlives --notify-timeout is a failed attempt (the API
// was given its time), recorded with why; the next run sends it.
func TestNotifyRequestTimeout(t *testing.T) {
	dir := newRepo(t)
	writeFile(t, dir, ".squadci.yml", "version: 1\nnotify:\n  dispatch: true\n")
	api, url := newGate(t)
	task := expiredTask(t, dir)
	first, _ := resumeNotifyArgs(t, dir, gateEnv(url), "--notify-timeout", "100ms")
	rec := stateNotification(t, dir, task.State)
	if rec == nil || rec.Attempts != 1 || !strings.Contains(rec.LastError, "no answer within 100ms") || len(first.Owed) != 1 || first.NotTried != 0 {
		t.Fatalf("after a timed-out request: record %+v, report %+v", rec, first)
	}
	api.answer(0)
	if second, _ := resumeNotifyArgs(t, dir, gateEnv(url)); second.Sent != 1 || stateNotification(t, dir, task.State) != nil {
		t.Errorf("second resume: %+v", second)
	}
}

// Notifications go out four at once, never more.
func TestNotifyInParallel(t *testing.T) {
	dir := newRepo(t)
	writeFile(t, dir, ".squadci.yml", "version: 1\nnotify:\n  dispatch: true\n")
	api, url := newGate(t)
	api.answer(50 * time.Millisecond)
	for range 16 {
		expiredTask(t, dir)
	}
	out, _ := resumeNotifyArgs(t, dir, gateEnv(url))
	calls, most := api.answer(0)
	if out.Sent != 16 || calls[dispatchPath] != 16 || most != notifyWorkers {
		t.Errorf("sent %d, calls %v, at most %d at once; want %d", out.Sent, calls, most, notifyWorkers)
	}
}

// A redirect to another host is refused: that host never sees a request,
// so never the token. The notification stays owed with the reason.
func TestNotifyRedirectKeepsToken(t *testing.T) {
	dir := newRepo(t)
	writeFile(t, dir, ".squadci.yml", "version: 1\nnotify:\n  dispatch: true\n  comment: 7\n")
	other, otherURL := newGate(t)
	other.answer(0)
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, otherURL+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	t.Cleanup(api.Close)
	task := expiredTask(t, dir)
	out, stderr := resumeNotifyArgs(t, dir, gateEnv(api.URL))
	if calls, _ := other.answer(0); len(calls) != 0 || len(other.seenAuth()) != 0 {
		t.Errorf("the other host got %v, Authorization %q", calls, other.seenAuth())
	}
	rec := stateNotification(t, dir, task.State)
	if rec == nil || len(rec.Owed) != 2 || !strings.Contains(rec.LastError, "refused a redirect") || out.Sent != 0 {
		t.Errorf("record %+v, report %+v\n%s", rec, out, stderr)
	}
	if strings.Contains(stderr, "ghs_tok123") || strings.Contains(rec.LastError, "ghs_tok123") {
		t.Errorf("the token is printed or recorded")
	}
}

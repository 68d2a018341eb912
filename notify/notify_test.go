package notify

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

type call struct {
	method, path, auth, accept string
	body                       map[string]any
}

// fakeAPI records every REST call and answers like GitHub does.
func fakeAPI(t *testing.T, status int) (*httptest.Server, *[]call) {
	t.Helper()
	var mu sync.Mutex
	var calls []call
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		var body map[string]any
		if len(b) > 0 {
			if err := json.Unmarshal(b, &body); err != nil {
				t.Errorf("%s %s: body is not JSON: %s", r.Method, r.URL.Path, b)
			}
		}
		mu.Lock()
		calls = append(calls, call{r.Method, r.URL.Path, r.Header.Get("Authorization"), r.Header.Get("Accept"), body})
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		if status >= 300 {
			io.WriteString(w, `{"message":"Resource not accessible by integration"}`)
			return
		}
		io.WriteString(w, `{"id":1}`)
	}))
	t.Cleanup(srv.Close)
	return srv, &calls
}

var transition = Transition{TaskID: "t-1a2b", ConnectorID: "acme-research-agent", BindingID: "research-agent",
	Status: "completed", Artifacts: []string{".copilot-tracking/research/2026-11-30/note.md"}}

func TestDispatchAndComment(t *testing.T) {
	srv, calls := fakeAPI(t, 201)
	n, err := New(Config{APIURL: srv.URL + "/api/v3", Token: "s3cret", Repository: "acme/app", Dispatch: true, Comment: 42})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Notify(context.Background(), transition); err != nil {
		t.Fatal(err)
	}
	if len(*calls) != 2 {
		t.Fatalf("calls = %+v", *calls)
	}
	d, c := (*calls)[0], (*calls)[1]
	if d.method != "POST" || d.path != "/api/v3/repos/acme/app/dispatches" {
		t.Errorf("dispatch: %s %s", d.method, d.path)
	}
	for _, x := range []call{d, c} {
		if x.auth != "Bearer s3cret" || !strings.Contains(x.accept, "application/vnd.github") {
			t.Errorf("%s headers: auth %q accept %q", x.path, x.auth, x.accept)
		}
	}
	if d.body["event_type"] != EventType {
		t.Errorf("event_type = %v", d.body["event_type"])
	}
	p, _ := d.body["client_payload"].(map[string]any)
	if p["taskId"] != "t-1a2b" || p["connectorId"] != "acme-research-agent" || p["bindingId"] != "research-agent" || p["status"] != "completed" {
		t.Errorf("client_payload = %v", p)
	}
	if arts, _ := p["artifacts"].([]any); len(arts) != 1 || arts[0] != transition.Artifacts[0] {
		t.Errorf("artifacts = %v", p["artifacts"])
	}
	if c.method != "POST" || c.path != "/api/v3/repos/acme/app/issues/42/comments" {
		t.Errorf("comment: %s %s", c.method, c.path)
	}
	if body, _ := c.body["body"].(string); !strings.Contains(body, "`t-1a2b`") || !strings.Contains(body, "**completed**") {
		t.Errorf("comment body = %q", body)
	}
}

func TestNotifyFailureIsReported(t *testing.T) {
	srv, _ := fakeAPI(t, 403)
	n, err := New(Config{APIURL: srv.URL, Token: "t", Repository: "acme/app", Dispatch: true})
	if err != nil {
		t.Fatal(err)
	}
	err = n.Notify(context.Background(), transition)
	if err == nil || !strings.Contains(err.Error(), "403") {
		t.Errorf("err = %v, want the 403 reported", err)
	}
}

func TestNewRefusesBadConfig(t *testing.T) {
	for _, cfg := range []Config{
		{Token: "t", Repository: "acme/app"},
		{Token: "t", Repository: "acme", Dispatch: true},
		{Repository: "acme/app", Dispatch: true},
		{Token: "t", Repository: "acme/app", Dispatch: true, APIURL: "ftp://x"},
	} {
		if _, err := New(cfg); err == nil {
			t.Errorf("New(%+v) accepted", cfg)
		}
	}
}

func TestCommentBodyCannotBreakSpans(t *testing.T) {
	body := CommentBody(Transition{TaskID: "a`b", ConnectorID: "c", Status: "fa**iled"})
	if strings.Contains(body, "a`b") || strings.Contains(body, "fa**iled") {
		t.Errorf("body = %q", body)
	}
}

// Send reports exactly the channels that failed, and sends only the ones
// asked for, so a caller recording what is owed never repeats one.
func TestSendReportsFailedChannels(t *testing.T) {
	var mu sync.Mutex
	var paths []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		paths = append(paths, r.URL.Path)
		mu.Unlock()
		if strings.Contains(r.URL.Path, "/issues/") {
			w.WriteHeader(http.StatusBadGateway)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(srv.Close)
	n, err := New(Config{APIURL: srv.URL, Token: "tok", Repository: "acme/app", Dispatch: true, Comment: 7})
	if err != nil {
		t.Fatal(err)
	}
	failed, err := n.Send(context.Background(), transition, n.Channels())
	if err == nil || len(failed) != 1 || failed[0] != ChannelComment || len(paths) != 2 {
		t.Errorf("failed %v, err %v, calls %v", failed, err, paths)
	}
	paths = nil
	if failed, err := n.Send(context.Background(), transition, []string{ChannelDispatch}); err != nil || failed != nil ||
		len(paths) != 1 || paths[0] != "/repos/acme/app/dispatches" {
		t.Errorf("dispatch only: failed %v, err %v, calls %v", failed, err, paths)
	}
}

// hangingAPI never answers until the test ends; it counts the requests it
// got.
func hangingAPI(t *testing.T) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var got atomic.Int32
	done := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.Add(1)
		select {
		case <-done:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(func() { close(done); srv.Close() })
	return srv, &got
}

// Each request has its own deadline: an API that never answers costs
// RequestTimeout per channel, and both channels are reported failed.
func TestSendTimesOutEachRequest(t *testing.T) {
	srv, got := hangingAPI(t)
	n, err := New(Config{APIURL: srv.URL, Token: "tok", Repository: "acme/app", Dispatch: true, Comment: 7, RequestTimeout: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	failed, err := n.Send(context.Background(), transition, n.Channels())
	if len(failed) != 2 || !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "no answer within 50ms") || got.Load() != 2 {
		t.Errorf("failed %v, err %v, requests %d", failed, err, got.Load())
	}
}

// Once the caller's context ends, the channels left are not sent at all.
func TestSendStopsWhenContextEnds(t *testing.T) {
	srv, got := hangingAPI(t)
	n, err := New(Config{APIURL: srv.URL, Token: "tok", Repository: "acme/app", Dispatch: true, Comment: 7})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	failed, err := n.Send(ctx, transition, n.Channels())
	if len(failed) != 2 || err == nil || !strings.Contains(err.Error(), "comment for task t-1a2b not sent") || got.Load() != 1 {
		t.Errorf("failed %v, err %v, requests %d", failed, err, got.Load())
	}
	if strings.Contains(err.Error(), "no answer within") {
		t.Errorf("the caller's deadline is not the request timeout: %v", err)
	}
}

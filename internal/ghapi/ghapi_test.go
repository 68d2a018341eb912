package ghapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-github/v62/github"
)

func TestSplitRepository(t *testing.T) {
	if o, r, err := SplitRepository("acme/app"); err != nil || o != "acme" || r != "app" {
		t.Errorf("acme/app = %q %q %v", o, r, err)
	}
	for _, bad := range []string{"", "acme", "acme/", "/app", "acme/app/x"} {
		if _, _, err := SplitRepository(bad); err == nil || !strings.Contains(err.Error(), "is not owner/name") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestNewClient(t *testing.T) {
	c, err := NewClient("", "tok", nil)
	if err != nil || c.BaseURL.String() != DefaultAPIURL+"/" {
		t.Errorf("default: %v, %v", c, err)
	}
	if c, err := NewClient("https://ghe.example/api/v3", "tok", nil); err != nil || c.BaseURL.String() != "https://ghe.example/api/v3/" {
		t.Errorf("enterprise: %v, %v", c, err)
	}
	if _, err := NewClient("ftp://x", "tok", nil); err == nil || !strings.Contains(err.Error(), `GITHUB_API_URL "ftp://x"`) {
		t.Errorf("ftp: %v", err)
	}
	if _, err := NewClient("", "", nil); err == nil || !strings.Contains(err.Error(), "no token") {
		t.Errorf("no token: %v", err)
	}
}

// tokenSeen is a server that records the Authorization header of each
// request it gets.
type tokenSeen struct {
	*httptest.Server
	mu   sync.Mutex
	auth []string
}

func newTokenSeen(t *testing.T, h http.HandlerFunc) *tokenSeen {
	s := &tokenSeen{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.auth = append(s.auth, r.Header.Get("Authorization"))
		s.mu.Unlock()
		h(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *tokenSeen) seen() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.auth)
}

func created(w http.ResponseWriter, _ *http.Request) {
	w.WriteHeader(http.StatusCreated)
	w.Write([]byte(`{"id":1}`))
}

// A 307 to another host (another port of this machine is one) is refused:
// the second server never sees the request, let alone the token, although
// go-github's own token transport would set it on every hop.
func TestNoTokenToAnotherHost(t *testing.T) {
	for _, code := range []int{http.StatusTemporaryRedirect, http.StatusPermanentRedirect, http.StatusFound} {
		other := newTokenSeen(t, created)
		api := newTokenSeen(t, func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, other.URL+r.URL.Path, code)
		})
		c, err := NewClient(api.URL, "ghs_secret123", nil)
		if err != nil {
			t.Fatal(err)
		}
		body := "hello"
		_, _, err = c.Issues.CreateComment(context.Background(), "acme", "app", 7, &github.IssueComment{Body: &body})
		if err == nil || !strings.Contains(err.Error(), "refused a redirect") || strings.Contains(err.Error(), "ghs_secret123") {
			t.Errorf("%d: a cross-host redirect: %v", code, err)
		}
		if got := api.seen(); len(got) != 1 || got[0] != "Bearer ghs_secret123" {
			t.Errorf("%d: the API saw %q", code, got)
		}
		if got := other.seen(); len(got) != 0 {
			t.Errorf("%d: the other host got %d requests, Authorization %q", code, len(got), got)
		}
	}
}

// A redirect within the API's origin keeps the token (a renamed
// repository answers so).
func TestTokenFollowsSameHostRedirect(t *testing.T) {
	var api *tokenSeen
	api = newTokenSeen(t, func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/repos/acme/") {
			http.Redirect(w, r, api.URL+"/repositories/1"+strings.TrimPrefix(r.URL.Path, "/repos/acme/app"), http.StatusTemporaryRedirect)
			return
		}
		created(w, r)
	})
	c, err := NewClient(api.URL, "ghs_secret123", nil)
	if err != nil {
		t.Fatal(err)
	}
	body := "hello"
	if _, _, err := c.Issues.CreateComment(context.Background(), "acme", "app", 7, &github.IssueComment{Body: &body}); err != nil {
		t.Fatal(err)
	}
	if got := api.seen(); len(got) != 2 || got[0] != "Bearer ghs_secret123" || got[1] != got[0] {
		t.Errorf("same-host redirect: Authorization %q", got)
	}
}

// The transport itself never sends the token elsewhere, whatever a caller
// set: a request to another origin goes out without Authorization.
func TestTokenTransportStripsElsewhere(t *testing.T) {
	other := newTokenSeen(t, created)
	hc := &http.Client{}
	c := tokenClient(hc, "https://api.github.com:443", "ghs_secret123")
	if hc.Transport != nil || hc.CheckRedirect != nil {
		t.Error("the caller's client was changed")
	}
	req, _ := http.NewRequest(http.MethodGet, other.URL, nil)
	req.Header.Set("Authorization", "Bearer ghs_secret123")
	resp, err := c.Transport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := other.seen(); len(got) != 1 || got[0] != "" {
		t.Errorf("another origin got Authorization %q", got)
	}
}

func TestOrigin(t *testing.T) {
	same := [][2]string{
		{"https://api.github.com/", "https://API.GitHub.com:443/x"},
		{"http://h/", "http://h:80/"},
		{"http://[::1]:8080/", "http://[::1]:8080/y"},
	}
	for _, p := range same {
		a, _ := url.Parse(p[0])
		b, _ := url.Parse(p[1])
		if origin(a) != origin(b) {
			t.Errorf("%s and %s: %s ≠ %s", p[0], p[1], origin(a), origin(b))
		}
	}
	differ := [][2]string{
		{"https://api.github.com/", "http://api.github.com/"},
		{"https://api.github.com/", "https://api.github.com:8443/"},
		{"https://api.github.com/", "https://api.github.com.evil.example/"},
		{"http://127.0.0.1:1/", "http://127.0.0.1:2/"},
	}
	for _, p := range differ {
		a, _ := url.Parse(p[0])
		b, _ := url.Parse(p[1])
		if origin(a) == origin(b) {
			t.Errorf("%s and %s are one origin %s", p[0], p[1], origin(a))
		}
	}
}

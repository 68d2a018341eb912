// Package reviewtest is a fake of the GitHub REST API calls a review
// makes, for tests: it checks the method, path, query, headers and body of
// every call, and keeps the pull request's comments and reviews so a
// second run sees what the first posted.
package reviewtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Token is the token the fake accepts.
const Token = "tok-review-123"

// Pull request the fake serves.
const (
	Owner   = "acme"
	Repo    = "repo"
	Number  = 7
	HeadSHA = "0123456789abcdef0123456789abcdef01234567"
)

// File is one entry of the pull request files API.
type File struct {
	Filename string `json:"filename"`
	Status   string `json:"status"`
	Patch    string `json:"patch,omitempty"`
}

// Comment is a review comment on the pull request.
type Comment struct {
	ID        int64  `json:"id"`
	Body      string `json:"body"`
	Path      string `json:"path"`
	Line      int    `json:"line"`
	StartLine int    `json:"start_line,omitempty"`
	Side      string `json:"side"`
	StartSide string `json:"start_side,omitempty"`
	User      User   `json:"user"`
}

// User is a comment's or review's author.
type User struct {
	Login string `json:"login"`
}

// Review is a posted review; Comments are those it was posted with.
type Review struct {
	ID       int64     `json:"id"`
	Body     string    `json:"body"`
	CommitID string    `json:"commit_id"`
	Event    string    `json:"event,omitempty"`
	User     User      `json:"user"`
	Comments []Comment `json:"comments,omitempty"`
}

// GitHub is the fake. Login is the token's user; with Installation set,
// GET /user answers 403 as for GITHUB_TOKEN and the GraphQL viewer names
// the user. Fail maps "METHOD /path" to a status to answer instead.
type GitHub struct {
	t            *testing.T
	URL          string
	Login        string
	Installation bool
	Files        []File
	Fail         map[string]int
	// RefuseLines makes the review call answer 422 for inline comments,
	// as GitHub does for lines outside the diff.
	RefuseLines bool
	// PageSize, when set, splits every list into pages of that many, with
	// GitHub's Link header, as if per_page were that small.
	PageSize int

	mu       sync.Mutex
	comments []Comment
	reviews  []Review
	posted   []Review
	deleted  []int64
	calls    []string
	nextID   int64
}

// New starts a fake; it stops with the test.
func New(t *testing.T, login string, files []File) *GitHub {
	g := &GitHub{t: t, Login: login, Files: files, Fail: map[string]int{}, nextID: 100}
	srv := httptest.NewServer(http.HandlerFunc(g.serve))
	t.Cleanup(srv.Close)
	g.URL = srv.URL
	return g
}

// AddComment puts a comment on the pull request as if posted earlier.
func (g *GitHub) AddComment(c Comment) int64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.nextID++
	c.ID = g.nextID
	g.comments = append(g.comments, c)
	return c.ID
}

// Comments returns the pull request's review comments now.
func (g *GitHub) Comments() []Comment {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]Comment(nil), g.comments...)
}

// Take returns the reviews posted, the comments deleted and the calls made
// ("METHOD /path?query") since the last Take.
func (g *GitHub) Take() (posted []Review, deleted []int64, calls []string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	posted, deleted, calls = g.posted, g.deleted, g.calls
	g.posted, g.deleted, g.calls = nil, nil, nil
	return
}

var commentPath = regexp.MustCompile(`^/repos/acme/repo/pulls/comments/(\d+)$`)

func (g *GitHub) serve(w http.ResponseWriter, r *http.Request) {
	g.mu.Lock()
	defer g.mu.Unlock()
	call := r.Method + " " + r.URL.Path
	g.calls = append(g.calls, call+"?"+r.URL.RawQuery)
	if !g.checkHeaders(r, call) {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"message": "Bad credentials"})
		return
	}
	if status, ok := g.Fail[call]; ok {
		writeJSON(w, status, map[string]string{"message": "injected failure"})
		return
	}
	pulls := "/repos/acme/repo/pulls/" + strconv.Itoa(Number)
	switch {
	case call == "GET /user":
		if g.Installation {
			writeJSON(w, http.StatusForbidden, map[string]string{"message": "Resource not accessible by integration"})
			return
		}
		writeJSON(w, 200, User{Login: g.Login})
	case call == "POST /graphql":
		body := g.body(r)
		if body != `{"query":"query { viewer { login } }"}` {
			g.t.Errorf("GraphQL body = %s", body)
		}
		writeJSON(w, 200, map[string]any{"data": map[string]any{"viewer": User{Login: g.Login}}})
	case call == "GET "+pulls+"/files":
		writePage(g, w, r, g.Files)
	case call == "GET "+pulls+"/comments":
		writePage(g, w, r, g.comments)
	case call == "GET "+pulls+"/reviews":
		writePage(g, w, r, g.reviews)
	case call == "POST "+pulls+"/reviews":
		g.createReview(w, r)
	case r.Method == "DELETE" && commentPath.MatchString(r.URL.Path):
		g.deleteComment(w, r)
	default:
		g.t.Errorf("unexpected call %s", call)
		writeJSON(w, 404, map[string]string{"message": "Not Found"})
	}
}

// checkHeaders checks what go-github sends on every call: the bearer
// token, the REST media type (the multi-line comments preview for a
// review), the API version and a User-Agent.
func (g *GitHub) checkHeaders(r *http.Request, call string) bool {
	accept := "application/vnd.github.v3+json"
	switch {
	case strings.HasSuffix(call, "/reviews") && r.Method == "POST":
		return true // createReview checks it against the comments
	case strings.HasSuffix(call, "/comments") && r.Method == "GET":
		// go-github asks for reactions and multi-line fields on a list
		accept = "application/vnd.github.squirrel-girl-preview, application/vnd.github.comfort-fade-preview+json"
	}
	ok := true
	for name, want := range map[string]string{
		"Authorization": "Bearer " + Token, "Accept": accept, "X-Github-Api-Version": "2022-11-28",
	} {
		if got := r.Header.Get(name); got != want {
			g.t.Errorf("%s: header %s = %q, want %q", call, name, got, want)
			ok = ok && name != "Authorization"
		}
	}
	if !strings.HasPrefix(r.Header.Get("User-Agent"), "go-github/") {
		g.t.Errorf("%s: User-Agent = %q", call, r.Header.Get("User-Agent"))
	}
	if r.Method == "POST" && r.Header.Get("Content-Type") != "application/json" {
		g.t.Errorf("%s: Content-Type = %q", call, r.Header.Get("Content-Type"))
	}
	return ok
}

// writePage answers a list call: the page asked for, and a Link to the
// next one when there is one.
func writePage[T any](g *GitHub, w http.ResponseWriter, r *http.Request, items []T) {
	page := 1
	if p := r.URL.Query().Get("page"); p != "" {
		page, _ = strconv.Atoi(p)
	}
	want := "per_page=100"
	if page > 1 {
		want = "page=" + strconv.Itoa(page) + "&per_page=100"
	}
	if q := r.URL.RawQuery; q != want {
		g.t.Errorf("%s %s: query %q, want %q", r.Method, r.URL.Path, q, want)
	}
	if g.PageSize > 0 {
		from := min((page-1)*g.PageSize, len(items))
		to := min(from+g.PageSize, len(items))
		if to < len(items) {
			w.Header().Set("Link", fmt.Sprintf(`<%s%s?page=%d&per_page=100>; rel="next"`, g.URL, r.URL.Path, page+1))
		}
		items = items[from:to]
	}
	if items == nil {
		items = []T{}
	}
	writeJSON(w, 200, items)
}

func (g *GitHub) body(r *http.Request) string {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		g.t.Errorf("reading the body: %v", err)
	}
	return strings.TrimSpace(string(b))
}

// createReview checks the review request as GitHub would (a COMMENT on the
// head commit, RIGHT-side lines inside the file's hunks) and records it.
func (g *GitHub) createReview(w http.ResponseWriter, r *http.Request) {
	var rev Review
	dec := json.NewDecoder(strings.NewReader(g.body(r)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rev); err != nil {
		g.t.Errorf("review body: %v", err)
	}
	// go-github asks for the multi-line comments preview when a comment
	// has line fields, and for the plain media type otherwise.
	accept := "application/vnd.github.v3+json"
	if len(rev.Comments) > 0 {
		accept = "application/vnd.github.comfort-fade-preview+json"
	}
	if got := r.Header.Get("Accept"); got != accept {
		g.t.Errorf("POST review: Accept = %q, want %q", got, accept)
	}
	if rev.Event != "COMMENT" || rev.CommitID != HeadSHA || rev.Body == "" {
		g.t.Errorf("review event %q, commit %q, body %q", rev.Event, rev.CommitID, rev.Body)
	}
	if g.RefuseLines && len(rev.Comments) > 0 {
		writeJSON(w, 422, map[string]string{"message": "Unprocessable Entity: line must be part of the diff"})
		return
	}
	for _, c := range rev.Comments {
		if err := g.checkComment(c); err != nil {
			g.t.Errorf("comment %s:%d: %v", c.Path, c.Line, err)
			writeJSON(w, 422, map[string]string{"message": "Unprocessable Entity"})
			return
		}
	}
	g.nextID++
	rev.ID, rev.User = g.nextID, User{Login: g.Login}
	g.posted = append(g.posted, rev)
	for _, c := range rev.Comments {
		g.nextID++
		c.ID, c.User = g.nextID, User{Login: g.Login}
		g.comments = append(g.comments, c)
	}
	stored := rev
	stored.Comments = nil
	g.reviews = append(g.reviews, stored)
	writeJSON(w, 200, map[string]any{"id": rev.ID, "html_url": fmt.Sprintf("https://github.com/acme/repo/pull/7#pullrequestreview-%d", rev.ID)})
}

var hunkHeader = regexp.MustCompile(`(?m)^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@`)

func (g *GitHub) checkComment(c Comment) error {
	if c.Side != "RIGHT" || c.Line <= 0 || c.Body == "" {
		return fmt.Errorf("side %q, line %d, body %q", c.Side, c.Line, c.Body)
	}
	if c.StartLine != 0 && (c.StartSide != "RIGHT" || c.StartLine >= c.Line) {
		return fmt.Errorf("start_line %d (%s) before line %d", c.StartLine, c.StartSide, c.Line)
	}
	first := c.Line
	if c.StartLine != 0 {
		first = c.StartLine
	}
	for _, f := range g.Files {
		if f.Filename != c.Path {
			continue
		}
		for _, m := range hunkHeader.FindAllStringSubmatch(f.Patch, -1) {
			start, _ := strconv.Atoi(m[1])
			count := 1
			if m[2] != "" {
				count, _ = strconv.Atoi(m[2])
			}
			if start <= first && c.Line < start+count {
				return nil
			}
		}
		return fmt.Errorf("lines %d-%d are not in one hunk of %s", first, c.Line, c.Path)
	}
	return fmt.Errorf("%s is not a file of the pull request", c.Path)
}

func (g *GitHub) deleteComment(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.ParseInt(commentPath.FindStringSubmatch(r.URL.Path)[1], 10, 64)
	for i, c := range g.comments {
		if c.ID == id {
			if c.User.Login != g.Login {
				g.t.Errorf("deleted comment %d of %s, not the token's user %s", id, c.User.Login, g.Login)
			}
			g.comments = append(g.comments[:i], g.comments[i+1:]...)
			g.deleted = append(g.deleted, id)
			w.WriteHeader(http.StatusNoContent)
			return
		}
	}
	writeJSON(w, 404, map[string]string{"message": "Not Found"})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

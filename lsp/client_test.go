package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/squadci/squadci/lsp/lsptest"
)

// testClient drives a server over pipes as an editor would.
type testClient struct {
	t    *testing.T
	in   *io.PipeWriter
	raw  io.Writer // for malformed input
	log  *syncBuffer
	code chan int

	mu     sync.Mutex
	cond   *sync.Cond
	msgs   []*message // everything the server sent, in order
	closed bool
	nextID int
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

func startServer(t *testing.T, opts Options) *testClient {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &testClient{t: t, in: inW, raw: inW, log: &syncBuffer{}, code: make(chan int, 1)}
	c.cond = sync.NewCond(&c.mu)
	opts.Log = c.log
	go func() {
		code := Serve(context.Background(), inR, outW, opts)
		outW.Close()
		c.code <- code
	}()
	go func() {
		r := newReader(outR)
		for {
			m, err := r.read()
			c.mu.Lock()
			if err != nil {
				c.closed = true
				c.cond.Broadcast()
				c.mu.Unlock()
				io.Copy(io.Discard, outR)
				return
			}
			c.msgs = append(c.msgs, m)
			c.cond.Broadcast()
			c.mu.Unlock()
		}
	}()
	t.Cleanup(func() { inW.Close() })
	return c
}

func (c *testClient) send(v any) {
	c.t.Helper()
	body, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	c.writeRaw(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body))
}

func (c *testClient) writeRaw(s string) {
	c.t.Helper()
	if _, err := io.WriteString(c.raw, s); err != nil {
		c.t.Fatalf("writing to the server: %v", err)
	}
}

func (c *testClient) notify(method string, params any) {
	c.t.Helper()
	c.send(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

// call sends a request and waits for its response.
func (c *testClient) call(method string, params any) *message {
	c.t.Helper()
	c.mu.Lock()
	c.nextID++
	id := c.nextID
	c.mu.Unlock()
	c.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	return c.waitFor(fmt.Sprintf("the response to %s", method), func(m *message) bool {
		return m.Method == "" && string(m.ID) == fmt.Sprint(id)
	})
}

// waitFor returns the first message since the start that satisfies ok and
// was not returned before, waiting up to 20 s.
func (c *testClient) waitFor(what string, ok func(*message) bool) *message {
	c.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	timer := time.AfterFunc(20*time.Second, func() { c.mu.Lock(); c.cond.Broadcast(); c.mu.Unlock() })
	defer timer.Stop()
	c.mu.Lock()
	defer c.mu.Unlock()
	for {
		for i, m := range c.msgs {
			if m != nil && ok(m) {
				c.msgs[i] = nil
				return m
			}
		}
		if c.closed || time.Now().After(deadline) {
			c.t.Fatalf("no %s (closed %v); log:\n%s", what, c.closed, c.log.String())
		}
		c.cond.Wait()
	}
}

// diagnostics waits for a publish for uri whose diagnostics satisfy ok.
func (c *testClient) diagnostics(uri string, what string, ok func([]Diagnostic) bool) []Diagnostic {
	c.t.Helper()
	var got []Diagnostic
	c.waitFor("diagnostics for "+uri+": "+what, func(m *message) bool {
		if m.Method != "textDocument/publishDiagnostics" {
			return false
		}
		var p publishDiagnosticsParams
		if json.Unmarshal(m.Params, &p) != nil || p.URI != uri {
			return false
		}
		got = p.Diagnostics
		return ok(p.Diagnostics)
	})
	return got
}

func (c *testClient) initialize(folders ...string) {
	c.t.Helper()
	var ws []workspaceFolder
	for _, f := range folders {
		ws = append(ws, workspaceFolder{URI: fileURI(f), Name: filepath.Base(f)})
	}
	res := c.call("initialize", map[string]any{"processId": nil, "workspaceFolders": ws, "capabilities": map[string]any{}})
	if res.Error != nil {
		c.t.Fatalf("initialize: %v", res.Error)
	}
	c.notify("initialized", map[string]any{})
}

func (c *testClient) open(path, text string) string {
	c.t.Helper()
	uri := fileURI(path)
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "markdown", "version": 1, "text": text}})
	return uri
}

func (c *testClient) change(uri string, version int, text string) {
	c.t.Helper()
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": version}, "contentChanges": []any{map[string]any{"text": text}}})
}

// exit sends shutdown (when asked) and exit, and returns the exit code.
func (c *testClient) exit(shutdown bool) int {
	c.t.Helper()
	if shutdown {
		if res := c.call("shutdown", nil); res.Error != nil {
			c.t.Fatalf("shutdown: %v", res.Error)
		}
	}
	c.notify("exit", nil)
	select {
	case code := <-c.code:
		return code
	case <-time.After(20 * time.Second):
		c.t.Fatal("the server did not exit")
	}
	return -1
}

// hasCode reports whether diags hold a finding of rule.
func hasCode(diags []Diagnostic, rule string) bool {
	for _, d := range diags {
		if d.Code == rule {
			return true
		}
	}
	return false
}

func findCode(diags []Diagnostic, rule string) *Diagnostic {
	for i := range diags {
		if diags[i].Code == rule {
			return &diags[i]
		}
	}
	return nil
}

// writeRepo writes files into a new git repository (a plain directory
// when git is missing: the engine walks it).
func writeRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for rel, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := exec.LookPath("git"); err == nil {
		if out, err := exec.Command("git", "-C", dir, "init", "-q").CombinedOutput(); err != nil {
			t.Fatalf("git init: %v\n%s", err, out)
		}
	}
	return dir
}

func agentRepo(t *testing.T) string {
	return writeRepo(t, map[string]string{
		".github/agents/planner.agent.md": lsptest.Planner,
		".github/agents/builder.agent.md": lsptest.Builder,
	})
}

func TestMain(m *testing.M) {
	os.Exit(m.Run())
}

var _ = strings.Contains

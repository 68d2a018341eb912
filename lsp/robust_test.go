package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/lsp/lsptest"
)

// TestMalformedInput: bad headers, bodies that are not JSON, requests
// without a method, unknown methods and requests before initialize are
// each answered or logged, and the server keeps serving.
func TestMalformedInput(t *testing.T) {
	dir := agentRepo(t)
	c := startServer(t, Options{})
	res := c.call("textDocument/hover", map[string]any{})
	if res.Error == nil || res.Error.Code != codeNotInitialized {
		t.Errorf("request before initialize: %s %+v", res.Result, res.Error)
	}
	c.initialize(dir)
	c.writeRaw("Content-Length: 9\r\n\r\n{not json")
	m := c.waitFor("a parse error", func(m *message) bool { return m.Error != nil && m.Error.Code == codeParseError })
	if string(m.ID) != "null" {
		t.Errorf("parse error id %s, want null", m.ID)
	}
	c.writeRaw("Content-Type: text/plain\r\n\r\n")             // no Content-Length
	c.writeRaw("Content-Length: many\r\n\r\n")                 // not a length
	c.writeRaw("no colon here\r\nContent-Length: 2\r\n\r\n{}") // a bad line, then a body
	c.writeRaw("Content-Length: 2\r\n\r\n[]")                  // JSON, not a message
	c.writeRaw("Content-Length: 2\r\n\r\n{}")                  // neither request nor response
	c.writeRaw("Content-Length: 31\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":77,\"x\":1}")
	m = c.waitFor("invalid request", func(m *message) bool { return string(m.ID) == "77" })
	if m.Error == nil || m.Error.Code != codeInvalidRequest {
		t.Errorf("request without a method: %+v", m.Error)
	}
	res = c.call("textDocument/definition", map[string]any{})
	if res.Error == nil || res.Error.Code != codeMethodNotFound {
		t.Errorf("unknown request: %+v", res.Error)
	}
	c.notify("$/setTrace", map[string]any{"value": "off"})
	c.notify("custom/unknown", nil)
	res = c.call("textDocument/hover", "not an object")
	if res.Error == nil || res.Error.Code != codeInvalidParams {
		t.Errorf("bad params: %+v", res.Error)
	}
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere.md", "version": 2}, "contentChanges": []any{}})
	// Invalid UTF-8 inside a JSON string: decoded as U+FFFD, linted as text.
	uri := fileURI(filepath.Join(dir, ".github/agents/bad.agent.md"))
	body := `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"` + uri + `","version":1,"text":"---\nname: b` + "\xff\xfe" + `ad\nDescription: x\n---\n"}}}`
	c.writeRaw(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body))
	c.diagnostics(uri, "findings despite invalid UTF-8", func(d []Diagnostic) bool { return hasCode(d, "AF102") })
	// Still serving: the planner is linted as ever.
	planner := c.open(filepath.Join(dir, ".github/agents/planner.agent.md"), lsptest.Planner)
	c.diagnostics(planner, "AF102", func(d []Diagnostic) bool { return hasCode(d, "AF102") })
	log := c.log.String()
	for _, want := range []string{"not JSON", "no Content-Length", `Content-Length "many"`, "no colon", "neither a method nor an id", "not open"} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if strings.Contains(log, "panic") || strings.Contains(log, "internal error") {
		t.Errorf("log:\n%s", log)
	}
	res = c.call("shutdown", nil)
	if res.Error != nil || string(res.Result) != "null" {
		t.Errorf("shutdown: %s %+v", res.Result, res.Error)
	}
	res = c.call("textDocument/hover", map[string]any{})
	if res.Error == nil || res.Error.Code != codeInvalidRequest {
		t.Errorf("request after shutdown: %+v", res.Error)
	}
	if code := c.exit(false); code != 0 {
		t.Errorf("exit after shutdown: %d", code)
	}
}

// TestExitCodes: exit without shutdown is 1, and so is the input ending.
func TestExitCodes(t *testing.T) {
	c := startServer(t, Options{})
	c.initialize(t.TempDir())
	if code := c.exit(false); code != 1 {
		t.Errorf("exit without shutdown: %d, want 1", code)
	}
	c = startServer(t, Options{})
	c.initialize(t.TempDir())
	c.in.Close()
	if code := <-c.code; code != 1 {
		t.Errorf("input ended: %d, want 1", code)
	}
	c = startServer(t, Options{})
	c.writeRaw("Content-Length: 100\r\n\r\n{\"jsonrpc\"") // cut short
	c.in.Close()
	if code := <-c.code; code != 1 || !strings.Contains(c.log.String(), "unexpected EOF") {
		t.Errorf("input cut inside a message: %d\n%s", code, c.log.String())
	}
}

// TestEdgeFiles: a file outside every folder gets no diagnostics and no
// error; a buffer whose file is deleted is still linted from the buffer;
// a huge buffer gets the size finding; a message over the limit is
// skipped whole.
func TestEdgeFiles(t *testing.T) {
	dir := agentRepo(t)
	outside := t.TempDir()
	c := startServer(t, Options{})
	c.initialize(dir)
	out := c.open(filepath.Join(outside, "x.agent.md"), lsptest.Planner)
	res := c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": out}, "position": Position{2, 1}})
	if res.Error != nil || string(res.Result) != "null" {
		t.Errorf("hover outside: %s %+v", res.Result, res.Error)
	}
	c.open("untitled:Untitled-1", "hello")
	// Deleted: the file goes, the buffer stays open.
	bpath := filepath.Join(dir, ".github/agents/builder.agent.md")
	builder := c.open(bpath, lsptest.Builder)
	planner := c.open(filepath.Join(dir, ".github/agents/planner.agent.md"), lsptest.Planner)
	c.diagnostics(planner, "AF102", func(d []Diagnostic) bool { return hasCode(d, "AF102") && !hasCode(d, "AF108") })
	if err := os.Remove(bpath); err != nil {
		t.Fatal(err)
	}
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": builder, "type": 3}}})
	c.change(builder, 2, strings.Replace(lsptest.Builder, "Builds", "Still builds", 1))
	c.diagnostics(builder, "the deleted file's buffer", func(d []Diagnostic) bool { return hasCode(d, "AF113") })
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": builder}})
	c.diagnostics(builder, "cleared on close", func(d []Diagnostic) bool { return len(d) == 0 })
	c.diagnostics(planner, "AF108 once the deleted file's buffer is closed", func(d []Diagnostic) bool { return hasCode(d, "AF108") })
	// Huge.
	huge := c.open(filepath.Join(dir, ".github/agents/huge.agent.md"), "---\nname: huge\n---\n"+strings.Repeat("word ", 2<<20))
	d := c.diagnostics(huge, "a size finding", func(d []Diagnostic) bool { return len(d) > 0 })
	if !strings.Contains(d[0].Message, "limit") {
		t.Errorf("huge file: %+v", d)
	}
	// Over the message limit: announced, skipped, the stream stays in step.
	c.writeRaw(fmt.Sprintf("Content-Length: %d\r\n\r\n", maxMessage+1))
	chunk := strings.Repeat(" ", 1<<20)
	for n := maxMessage + 1; n > 0; n -= len(chunk) {
		c.writeRaw(chunk[:min(n, len(chunk))])
	}
	res = c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": planner}, "position": Position{2, 1}})
	if res.Error != nil || !strings.Contains(string(res.Result), "AF102") {
		t.Errorf("hover after a skipped message: %s %+v", res.Result, res.Error)
	}
	c.mu.Lock()
	for _, m := range c.msgs {
		if m == nil || m.Method != "textDocument/publishDiagnostics" {
			continue
		}
		var p publishDiagnosticsParams
		json.Unmarshal(m.Params, &p)
		if p.URI == out || strings.HasPrefix(p.URI, "untitled:") {
			t.Errorf("diagnostics for a file outside every folder: %s", m.Params)
		}
	}
	c.mu.Unlock()
	if log := c.log.String(); !strings.Contains(log, "skipped") || strings.Contains(log, "internal error") {
		t.Errorf("log:\n%s", log)
	}
	if code := c.exit(true); code != 0 {
		t.Errorf("exit %d", code)
	}
}

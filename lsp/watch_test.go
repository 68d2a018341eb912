package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/squadci/squadci/lsp/lsptest"
)

// TestListingRefresh: a file created on disk is seen by the cross-file
// rules after the client reports it (a watcher the server registered), or
// without a report once the listing is older than Relist.
func TestListingRefresh(t *testing.T) {
	for _, watched := range []bool{true, false} {
		dir := writeRepo(t, map[string]string{".github/agents/planner.agent.md": lsptest.Planner})
		opts := Options{}
		if !watched {
			opts.Relist = 50 * time.Millisecond
		}
		c := startServer(t, opts)
		res := c.call("initialize", map[string]any{"processId": nil, "rootUri": fileURI(dir), "capabilities": map[string]any{
			"workspace": map[string]any{"didChangeWatchedFiles": map[string]any{"dynamicRegistration": watched}},
		}})
		if res.Error != nil {
			t.Fatal(res.Error)
		}
		c.notify("initialized", map[string]any{})
		if watched {
			reg := c.waitFor("registerCapability", func(m *message) bool { return m.Method == "client/registerCapability" })
			c.send(map[string]any{"jsonrpc": "2.0", "id": json.RawMessage(reg.ID), "result": nil})
		}
		planner := c.open(filepath.Join(dir, ".github/agents/planner.agent.md"), lsptest.Planner)
		c.diagnostics(planner, "AF108", func(d []Diagnostic) bool { return hasCode(d, "AF108") })
		bpath := filepath.Join(dir, ".github/agents/builder.agent.md")
		if err := os.WriteFile(bpath, []byte(lsptest.Builder), 0o644); err != nil {
			t.Fatal(err)
		}
		if watched {
			c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": fileURI(bpath), "type": 1}}})
		} else {
			time.Sleep(100 * time.Millisecond)
			c.change(planner, 2, lsptest.Planner+"\n")
		}
		c.diagnostics(planner, "AF108 resolved by the new file", func(d []Diagnostic) bool { return !hasCode(d, "AF108") && hasCode(d, "AF102") })
		if code := c.exit(true); code != 0 {
			t.Errorf("exit %d", code)
		}
	}
}

// TestFolderAdded: a file opened before its folder is a workspace folder
// gets diagnostics once the folder is added, and none once it is removed.
func TestFolderAdded(t *testing.T) {
	dir := agentRepo(t)
	c := startServer(t, Options{})
	c.initialize()
	planner := c.open(filepath.Join(dir, ".github/agents/planner.agent.md"), lsptest.Planner)
	folder := map[string]any{"uri": fileURI(dir), "name": "repo"}
	c.notify("workspace/didChangeWorkspaceFolders", map[string]any{"event": map[string]any{"added": []any{folder}, "removed": []any{}}})
	c.diagnostics(planner, "AF102 once the folder is added", func(d []Diagnostic) bool { return hasCode(d, "AF102") })
	c.notify("workspace/didChangeWorkspaceFolders", map[string]any{"event": map[string]any{"added": []any{}, "removed": []any{folder}}})
	c.diagnostics(planner, "cleared once the folder is removed", func(d []Diagnostic) bool { return len(d) == 0 })
}

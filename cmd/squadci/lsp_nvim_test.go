package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/squadci/squadci/internal/testtool"
	"github.com/squadci/squadci/lsp/lsptest"
)

type nvimDiag struct {
	Code    string `json:"code"`
	Lnum    int    `json:"lnum"`
	Col     int    `json:"col"`
	EndLnum int    `json:"end_lnum"`
	EndCol  int    `json:"end_col"`
	Source  string `json:"source"`
}

type nvimStep struct {
	Name        string
	Diagnostics []nvimDiag
	Lines       []string
}

// TestLSPNeovim drives a headless Neovim set up as docs/lsp.md shows, its
// built-in client talking to `squadci lsp`: the findings appear at the right places (Neovim turns the
// UTF-16 positions into byte columns), renaming an agent in another buffer
// makes the handoff finding appear and naming it back clears it, and a
// code action applies --fix's repair to the buffer.
func TestLSPNeovim(t *testing.T) {
	nvim := testtool.LookPath(t, "nvim", "apt-get install neovim")
	bin := squadciBinary(t)
	root := writeTree(t, map[string]string{
		".github/agents/planner.agent.md": lsptest.Planner,
		".github/agents/builder.agent.md": lsptest.Builder,
	})
	if out, err := exec.Command("git", "-C", root, "init", "-q").CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	work := t.TempDir()
	driver, err := os.ReadFile(filepath.Join("testdata", "lsp_nvim.lua"))
	if err != nil {
		t.Fatal(err)
	}
	lua := []byte(docsNeovimSetup(t) + "\n" + string(driver))
	initLua, params, result := filepath.Join(work, "init.lua"), filepath.Join(work, "params.json"), filepath.Join(work, "result.json")
	p, _ := json.Marshal(map[string]string{
		"bin": bin, "root": root, "out": result,
		"planner": filepath.Join(root, ".github/agents/planner.agent.md"),
		"builder": filepath.Join(root, ".github/agents/builder.agent.md"),
	})
	for name, b := range map[string][]byte{initLua: lua, params: p} {
		if err := os.WriteFile(name, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-u", initLua)
	cmd.Dir = root // the set-up's workspace folder is the directory Neovim starts in
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"), "SQUADCI_NVIM_PARAMS="+params, "HOME="+work, "XDG_STATE_HOME="+work, "XDG_CACHE_HOME="+work, "XDG_DATA_HOME="+work)
	out, err := cmd.CombinedOutput()
	raw, rerr := os.ReadFile(result)
	if rerr != nil {
		t.Fatalf("no result (nvim: %v)\n%s", err, out)
	}
	var got struct {
		Steps   []nvimStep
		Applied int
		Action  string
		Error   any
	}
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatalf("result: %v\n%s", err, raw)
	}
	if got.Error != nil {
		t.Fatalf("the Lua script failed: %v\nsteps: %s\nnvim output:\n%s", got.Error, raw, out)
	}
	steps := map[string]nvimStep{}
	for _, s := range got.Steps {
		steps[s.Name] = s
	}
	lines := strings.Split(lsptest.Planner, "\n")
	if d := find(steps["opened"].Diagnostics, "AF102"); d == nil || d.Lnum != 2 || d.Col != 0 || d.EndCol != len("Description") || d.Source != "squadci" {
		t.Errorf("AF102 on open: %+v", d)
	}
	col := strings.Index(lines[4], "builder")
	if d := find(steps["renamed"].Diagnostics, "AF108"); d == nil || d.Lnum != 4 || d.Col != col || d.EndCol != col+len("builder") {
		t.Errorf("AF108 after the rename: %+v, want line 4, byte columns %d-%d", d, col, col+len("builder"))
	}
	if s, ok := steps["restored"]; !ok || find(s.Diagnostics, "AF108") != nil {
		t.Errorf("AF108 after naming the agent back: %+v", s)
	}
	fixed := steps["fixed"]
	if got.Applied != 1 || len(fixed.Lines) < 3 || fixed.Lines[2] != "description: Plans the work — ünïcödé." || find(fixed.Diagnostics, "AF101") != nil {
		t.Errorf("code action %q applied %d: lines %q, diagnostics %+v", got.Action, got.Applied, fixed.Lines, fixed.Diagnostics)
	}
}

// docsNeovimSetup is the Lua block of docs/lsp.md's Neovim section.
func docsNeovimSetup(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, "docs", "lsp.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n## Neovim\n")
	section, _, _ = strings.Cut(section, "\n## ")
	for _, blk := range readmeBlocks(section) {
		if ok && blk.info == "lua" {
			return blk.body
		}
	}
	t.Fatal("docs/lsp.md has no Lua block in its Neovim section")
	return ""
}

func find(ds []nvimDiag, code string) *nvimDiag {
	for i := range ds {
		if ds[i].Code == code {
			return &ds[i]
		}
	}
	return nil
}

package lsp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint"
	"github.com/squadci/squadci/lint/report"
	"github.com/squadci/squadci/lsp/lsptest"
)

// TestTargetedOverlayLintEqualsFullLint: the server's lint (the open
// buffers as targets, over the disk) gives for those files exactly the
// findings a full lint of a tree holding the buffers' text on disk gives,
// cross-file ones included.
func TestTargetedOverlayLintEqualsFullLint(t *testing.T) {
	disk, edited := t.TempDir(), t.TempDir()
	for _, dir := range []string{disk, edited} {
		copyTree(t, filepath.Join("..", "testdata", "squadstate", "hve-init"), dir)
		for rel, text := range map[string]string{".github/agents/planner.agent.md": lsptest.Planner, ".github/agents/builder.agent.md": lsptest.Builder} {
			if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(rel)), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	team, err := os.ReadFile(filepath.Join(disk, ".copilot-tracking/squad/team.md"))
	if err != nil {
		t.Fatal(err)
	}
	buffers := map[string][]byte{
		".copilot-tracking/squad/team.md":    []byte(strings.Replace(string(team), "| tester     |", "| qa         |", 1)),
		".github/agents/builder.agent.md":    []byte(strings.Replace(lsptest.Builder, "name: builder", "name: constructor", 1)),
		".github/agents/planner.agent.md":    []byte(lsptest.Planner),
		".copilot-tracking/squad/routing.md": nil, // read below
	}
	routing, _ := os.ReadFile(filepath.Join(disk, ".copilot-tracking/squad/routing.md"))
	buffers[".copilot-tracking/squad/routing.md"] = routing
	for rel, b := range buffers {
		if err := os.WriteFile(filepath.Join(edited, filepath.FromSlash(rel)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	full, err := lint.Lint(ctx, lint.Options{Files: &lint.DiskFiles{Root: edited}})
	if err != nil {
		t.Fatal(err)
	}
	targets := sortedKeys(buffers)
	narrow, err := lint.Lint(ctx, lint.Options{Files: lint.NewOverlay(&lint.DiskFiles{Root: disk, ListOnce: true}, buffers), Targets: targets})
	if err != nil {
		t.Fatal(err)
	}
	want, got := findingKeys(full.Run.Findings, buffers), findingKeys(narrow.Run.Findings, buffers)
	if strings.Join(want, "\n") != strings.Join(got, "\n") {
		t.Errorf("targeted overlay lint:\n%s\nfull lint of the edited tree:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, rule := range []string{"SS113", "AF108", "AF102"} {
		if !strings.Contains(strings.Join(got, "\n"), " "+rule+" ") {
			t.Errorf("no %s among the findings: the fixture lost its cross-file case\n%s", rule, strings.Join(got, "\n"))
		}
	}
}

func findingKeys(fs []report.Finding, in map[string][]byte) []string {
	var out []string
	for _, f := range report.Ungroup(fs) {
		if _, ok := in[f.Path]; ok {
			out = append(out, fmt.Sprintf("%s %s %d-%d %s", f.Path, f.Rule, f.Span.Start, f.Span.End, f.Message))
		}
	}
	return out
}

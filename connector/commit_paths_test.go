package connector

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

const (
	orchestratorBox   = ".connector-drops/acme-delivery-orchestrator-v3"
	orchestratorRoots = ".copilot-tracking/changes/2026-03-02-invoice-validation"
	agentBox          = ".connector-drops/acme-research-agent"
)

// TestListCommitPaths: the mailboxes and the roots of dispatched tasks
// that exist are listed; roots that are missing, linked, or named by a
// request the shim's state does not pin are not.
func TestListCommitPaths(t *testing.T) {
	before := []string{orchestratorBox, agentBox, orchestratorRoots} // sorted
	for _, tc := range []struct {
		name    string
		setup   func(t *testing.T, root string, task *Dispatched)
		want    []string
		skipped string
	}{
		{"the adapter has not run: no root yet", func(*testing.T, string, *Dispatched) {}, before, ""},
		{"the adapter wrote its root", func(t *testing.T, root string, _ *Dispatched) {
			mkdir(t, root, "reports/research")
		}, append(before, "reports/research"), ""},
		{"a symlinked root is never followed", func(t *testing.T, root string, _ *Dispatched) {
			mkdir(t, root, "elsewhere")
			mkdir(t, root, "reports")
			if err := os.Symlink(filepath.Join(root, "elsewhere"), filepath.Join(root, "reports", "research")); err != nil {
				testtool.Unsupported(t, "symbolic links", err)
			}
		}, before, "reports/research: a path component is a symlink"},
		{"a root that is a file", func(t *testing.T, root string, _ *Dispatched) {
			mkdir(t, root, "reports")
			writeTestFile(t, root, "reports/research", "x")
		}, before, "reports/research: it is a file, not a directory"},
		{"a request edited since dispatch", func(t *testing.T, root string, task *Dispatched) {
			mkdir(t, root, "reports/research")
			b := mustRead(t, root, task.Request)
			writeTestFile(t, root, task.Request, strings.Replace(string(b), "Research", "Rewrite", 1))
		}, before, "the request is not the one its state pins"},
		{"a request without state", func(t *testing.T, root string, task *Dispatched) {
			mkdir(t, root, "reports/research")
			if err := os.Remove(filepath.Join(root, task.State)); err != nil {
				t.Fatal(err)
			}
		}, before, "no readable state"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, ms := dispatchRepo(t)
			task, err := Dispatch(context.Background(), root, ms, nil, DispatchOptions{
				ConnectorID: "acme-research-agent", Role: "researcher", Task: "Research invoice rounding.",
				DeliverableRoot: "reports/research/", BindingID: "research-agent", MemberName: "Consumer Research Agent",
				SquadRoot: ".copilot-tracking/squad/", DeadlineMinutes: -1, RetryCap: -1,
			})
			if err != nil {
				t.Fatal(err)
			}
			tc.setup(t, root, task)
			got, err := ListCommitPaths(context.Background(), DirFS(root), ms)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got.Paths, tc.want) {
				t.Errorf("paths = %q, want %q", got.Paths, tc.want)
			}
			skipped := strings.Join(got.Skipped, "\n")
			if tc.skipped == "" && skipped != "" || !strings.Contains(skipped, tc.skipped) {
				t.Errorf("skipped = %q, want %q", got.Skipped, tc.skipped)
			}
		})
	}
}

// TestCommitable: what git add would refuse is never listed.
func TestCommitable(t *testing.T) {
	root := t.TempDir()
	mkdir(t, root, ".git/hooks")
	mkdir(t, root, "out/a")
	writeTestFile(t, root, "out/file", "x")
	for p, want := range map[string]string{
		"out/a":      "",
		"out":        "",
		"out/none":   errMissing,
		"out/file":   "it is a file, not a directory",
		".git/hooks": "it lies in .git",
		"x/.GIT":     "it lies in .git",
		"out/../out": `the path is unsafe: it contains a ".." segment`,
		"/etc":       "the path is unsafe: it is absolute",
	} {
		if got := commitable(DirFS(root), p); got != want {
			t.Errorf("commitable(%q) = %q, want %q", p, got, want)
		}
	}
}

func TestOutermost(t *testing.T) {
	got := outermost([]string{"a/c", "a-b", "a", "b/x/y", "b/x", "a-b/z", "a", "c"})
	if want := []string{"a", "a-b", "b/x", "c"}; !reflect.DeepEqual(got, want) {
		t.Errorf("outermost = %q, want %q", got, want)
	}
}

func mkdir(t *testing.T, root, rel string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(root, filepath.FromSlash(rel)), 0o755); err != nil {
		t.Fatal(err)
	}
}

func writeTestFile(t *testing.T, root, rel, content string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(rel)), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

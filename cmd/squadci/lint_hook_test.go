package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// hookTree is a repository whose configuration reaches files outside the
// default kinds: a manifest by paths.include, its exchanges by a custom
// dropPath; beside them files squadci does not check.
func hookTree(t *testing.T) string {
	t.Helper()
	dir := newGitRepo(t, handBuiltSquad)
	writeFiles(t, dir, parityFiles)
	writeFiles(t, dir, map[string]string{
		".squad/templates/charter.md": "# {Name}\n",
		".squad/memory/notes.md":      "# Notes\n",
		"connectors/ok.json":          strings.Replace(goodManifest, "acme-research-agent", "ok-agent", -1),
	})
	mustGit(t, dir, "add", "-A")
	return dir
}

// TestLintHookSkipsUncheckedFiles: the files a hook framework lists are
// filtered like discovery; one squadci does not check gets no SQ004 note,
// while the same files named by a user do.
func TestLintHookSkipsUncheckedFiles(t *testing.T) {
	dir := hookTree(t)
	unchecked := []string{"package.json", "docs/guide.md", ".squad/templates/charter.md", ".squad/memory/notes.md", "connectors/ok.json"}
	code, out, errOut := run(t, dir, append([]string{"lint", "--hook", "--format", "oneline"}, unchecked...)...)
	if code != 0 || out != "" || strings.Contains(errOut, "SQ004") {
		t.Errorf("lint --hook of unchecked and clean files: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	_, named, _ := run(t, dir, append([]string{"lint", "--format", "oneline"}, unchecked...)...)
	if strings.Count(named, "[SQ004]") != 4 {
		t.Errorf("the same files named by a user: want 4 SQ004 notes, got:\n%s", named)
	}
	if code, out, errOut := run(t, dir, "lint", "--hook", "package.json"); code != 0 || out != "" || strings.Contains(errOut, "SQ004") {
		t.Errorf("lint --hook of only a package.json: exit %d, stdout %q, stderr %q; want no finding", code, out, errOut)
	}
	if code, out, errOut := run(t, dir, "lint", "--hook"); code != 0 || out != "" || errOut != "" {
		t.Errorf("lint --hook with no file: exit %d, stdout %q, stderr %q; want silence", code, out, errOut)
	}
}

// TestLintHookReachesConfiguredFiles: a manifest only paths.include adds,
// and an exchange only its custom dropPath reaches, are checked when
// listed; the root is the repository's even from a subdirectory.
func TestLintHookReachesConfiguredFiles(t *testing.T) {
	dir := hookTree(t)
	for _, tc := range []struct{ file, rule string }{
		{"integrations/research.json", "CN101"},
		{"exchanges/research/t1.request.json", "CN203"},
		{".github/agents/broken.agent.md", "AF003"},
	} {
		code, out, errOut := run(t, dir, "lint", "--hook", "--format", "oneline", "package.json", tc.file)
		if code != 1 || !strings.Contains(out, tc.file+":") || !strings.Contains(out, "["+tc.rule+"]") || strings.Contains(out, "SQ004") {
			t.Errorf("lint --hook %s: exit %d, want %s\nstdout:\n%s\nstderr:\n%s", tc.file, code, tc.rule, out, errOut)
		}
	}
	sub := filepath.Join(dir, "docs")
	code, out, _ := run(t, sub, "lint", "--hook", "--format", "oneline", "../integrations/research.json")
	if code != 1 || !strings.Contains(out, "integrations/research.json:5:3") {
		t.Errorf("lint --hook from a subdirectory must use the repository root and its .squadci.yml: exit %d\n%s", code, out)
	}
}

func TestLintHookUsage(t *testing.T) {
	dir := hookTree(t)
	for _, args := range [][]string{
		{"lint", "--hook", "--staged"},
		{"lint", "--hook", "integrations/"},
		{"lint", "--hook", "."},
		{"lint", "--hook", "missing.json"},
	} {
		if code, _, errOut := run(t, dir, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, errOut)
		}
	}
}

// TestPreCommitHooksAgree: the two hooks differ only in how squadci is
// found; both hand every file to `lint --hook` (no files:, types_or: or
// exclude: filter, which could not follow paths.include or a dropPath).
func TestPreCommitHooksAgree(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []map[string]any
	if err := yaml.Unmarshal(b, &hooks); err != nil {
		t.Fatal(err)
	}
	byID := map[string]map[string]any{}
	for _, h := range hooks {
		id, _ := h["id"].(string)
		byID[id] = h
		for _, key := range []string{"files", "types", "types_or", "exclude", "exclude_types", "pass_filenames", "always_run"} {
			if _, ok := h[key]; ok {
				t.Errorf("hook %s sets %s: the hook must receive every file and filter it like discovery", id, key)
			}
		}
		if h["entry"] != "squadci lint --hook" || h["require_serial"] != true {
			t.Errorf("hook %s: entry %q, require_serial %v", id, h["entry"], h["require_serial"])
		}
	}
	golang, system := byID["squadci"], byID["squadci-system"]
	if golang == nil || system == nil || golang["language"] != "golang" || system["language"] != "system" {
		t.Fatalf("want hooks squadci (golang) and squadci-system (system), got %v", hooks)
	}
	strip := func(h map[string]any) map[string]any {
		out := map[string]any{}
		for k, v := range h {
			switch k {
			case "id", "name", "description", "language":
			default:
				out[k] = v
			}
		}
		return out
	}
	if !reflect.DeepEqual(strip(golang), strip(system)) {
		t.Errorf("the hooks differ beyond how squadci is found:\n%v\n%v", golang, system)
	}
}

package main

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
	"github.com/squadci/squadci/lint/diag"
)

const bom = "\xef\xbb\xbf"

// fixTree is a git repository with every fixable kind: a manifest with a
// BOM and a field in the wrong letter case (CRLF), a squad with a BOM in
// config.json and routing.md, a plain Preferred: line and a .gitattributes lacking a union
// rule (CRLF), an executable agent file with Name: and user-invokable
// (CRLF), a prompt file with Description: and mode: and no final newline,
// an instructions file with ApplyTo:, a skill with Description: and
// user-invokable; and an exchange whose
// request, snapshot and state carry a BOM, which must stay as they are.
func fixTree(t *testing.T) string {
	t.Helper()
	root := newGitRepo(t, nil)
	mustGit(t, root, "config", "core.autocrlf", "false")
	testtool.OverlayCase(t, "../../testdata/squadstate", "ss236-charter-model-syntax", root)
	testtool.OverlayCase(t, "../../testdata/connector/exchange", "ok-1-1-agent", root)
	box := ".connector-drops/acme-research-agent/"
	for _, p := range []string{box + "t-3f9c2a7e51d04b88.request.json", box + "t-3f9c2a7e51d04b88.snapshot.json",
		box + ".squad-connector/t-3f9c2a7e51d04b88.state.json", ".squad/config.json", ".squad/routing.md"} {
		editFile(t, root, p, func(s string) string { return bom + s })
	}
	editFile(t, root, "connectors/research-agent.json", func(s string) string {
		return bom + crlf(strings.Replace(s, `"contact"`, `"Contact"`, 1))
	})
	gitattributes, err := os.ReadFile("../../testdata/squadstate/ss250-gitattributes/.gitattributes")
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, root, map[string]string{
		".gitattributes":                          crlf(string(gitattributes)),
		".github/agents/review.agent.md":          crlf("---\nName: review\ndescription: Review changes\nuser-invokable: true\n---\nReview the diff.\n"),
		".github/prompts/summary.prompt.md":       "---\nDescription: Summarise the open pull requests\nmode: ask\n---\nSummarise them.",
		".github/instructions/go.instructions.md": "---\nApplyTo: \"**/*.go\"\n---\nUse gofmt.\n",
		".github/skills/tidy/SKILL.md":            "---\nname: tidy\nDescription: Tidies the Go imports of a package.\nuser-invokable: true\n---\nRun goimports.\n",
	})
	if err := os.Chmod(filepath.Join(root, ".github/agents/review.agent.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	mustGit(t, root, "add", "-A")
	mustGit(t, root, "commit", "-q", "-m", "fixture")
	return root
}

func crlf(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }

func editFile(t *testing.T, root, rel string, edit func(string) string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(edit(string(b))), 0o644); err != nil {
		t.Fatal(err)
	}
}

// fileState is every file's bytes and mode, .git aside.
type fileState map[string]fileInfo

type fileInfo struct {
	data string
	mode fs.FileMode
}

func snapshotTree(t *testing.T, root string) fileState {
	t.Helper()
	out := fileState{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.Name() == ".git" {
			if err == nil {
				err = filepath.SkipDir
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		out[filepath.ToSlash(rel)] = fileInfo{string(b), info.Mode()}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

type fixLintDoc struct {
	Diagnostics []struct {
		Rule string          `json:"rule"`
		Path string          `json:"path"`
		Fix  json.RawMessage `json:"fix"`
	} `json:"diagnostics"`
}

func lintFindings(t *testing.T, root string) fixLintDoc {
	t.Helper()
	_, out, errOut := run(t, root, "lint", "--format", "json", root)
	var doc fixLintDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("lint json: %v\n%s", err, errOut)
	}
	return doc
}

func TestLintFixRepairsEveryKind(t *testing.T) {
	root := fixTree(t)
	before := snapshotTree(t, root)
	fixableBefore := map[string]bool{}
	unfixed := map[string]int{} // rule and path of findings without a fix: what may remain
	for _, d := range lintFindings(t, root).Diagnostics {
		if d.Fix != nil {
			fixableBefore[d.Rule] = true
		} else {
			unfixed[d.Rule+" "+d.Path]++
		}
	}
	for _, r := range diag.All() {
		if r.Fixable && !fixableBefore[r.ID] {
			t.Errorf("the tree has no fixable %s finding", r.ID)
		}
	}

	code, _, errOut := run(t, root, "lint", "--fix", root)
	after := snapshotTree(t, root)
	if plain, _, _ := run(t, root, "lint", root); code != plain {
		t.Errorf("--fix exit %d, a plain lint after it %d", code, plain)
	}
	if !strings.Contains(errOut, "squadci: fixed ") {
		t.Errorf("stderr does not say what was fixed:\n%s", errOut)
	}
	remaining := map[string]int{}
	for _, d := range lintFindings(t, root).Diagnostics {
		if d.Fix != nil {
			t.Errorf("after --fix %s still has a fixable %s finding", d.Path, d.Rule)
		}
		remaining[d.Rule+" "+d.Path]++
	}
	for k, n := range remaining {
		if rule, _, _ := strings.Cut(k, " "); isFixable(rule) && n > unfixed[k] {
			t.Errorf("after --fix %d findings of %s remain, %d of them had no fix", n, k, unfixed[k])
		}
	}
	checkFixedTree(t, before, after)

	code2, _, _ := run(t, root, "lint", "--fix", root)
	if again := snapshotTree(t, root); !sameTree(after, again) || code2 != code {
		t.Errorf("a second --fix changed the tree or the exit code (%d, then %d)", code, code2)
	}
}

// checkFixedTree: evidence unchanged, every fixable file changed with its
// mode and line endings kept, and a missing final newline still missing.
func checkFixedTree(t *testing.T, before, after fileState) {
	t.Helper()
	for p, b := range before {
		a := after[p]
		if a.mode != b.mode {
			t.Errorf("%s: mode %v, was %v", p, a.mode, b.mode)
		}
		evidence := strings.HasPrefix(p, ".connector-drops/")
		switch {
		case evidence && a.data != b.data:
			t.Errorf("%s is an exchange file and was changed", p)
		case strings.Contains(b.data, "\r\n") && strings.Count(a.data, "\n") != strings.Count(a.data, "\r\n"):
			t.Errorf("%s was CRLF and now has a bare LF:\n%q", p, a.data)
		case !strings.HasSuffix(b.data, "\n") && strings.HasSuffix(a.data, "\n"):
			t.Errorf("%s gained a final newline", p)
		}
	}
	for _, p := range []string{"connectors/research-agent.json", ".squad/config.json", ".squad/routing.md", ".gitattributes",
		".squad/agents/flight/charter.md", ".github/agents/review.agent.md", ".github/prompts/summary.prompt.md",
		".github/instructions/go.instructions.md", ".github/skills/tidy/SKILL.md"} {
		if before[p].data == after[p].data {
			t.Errorf("%s was not fixed", p)
		}
	}
	if got := after[".gitattributes"].data; !strings.HasSuffix(got, ".squad/log/** merge=union\r\n") {
		t.Errorf(".gitattributes after --fix ends %q", got[max(len(got)-60, 0):])
	}
}

func TestLintFixDiffWritesNothing(t *testing.T) {
	root := fixTree(t)
	before := snapshotTree(t, root)
	code, diff, errOut := run(t, root, "lint", "--fix", "--diff", root)
	if !sameTree(before, snapshotTree(t, root)) {
		t.Fatal("--fix --diff changed the tree")
	}
	if code == exitUsage || code == exitInternal || !strings.HasPrefix(diff, "diff --git a/") {
		t.Fatalf("--fix --diff: exit %d, stdout:\n%s\nstderr:\n%s", code, diff, errOut)
	}
	patch := filepath.Join(t.TempDir(), "fix.diff")
	if err := os.WriteFile(patch, []byte(diff), 0o644); err != nil {
		t.Fatal(err)
	}
	mustGit(t, root, "apply", "--check", patch)

	// The diff, applied, gives exactly what --fix writes.
	mustGit(t, root, "apply", patch)
	applied := snapshotTree(t, root)
	mustGit(t, root, "checkout", "--", ".")
	run(t, root, "lint", "--fix", root)
	if !sameTree(applied, snapshotTree(t, root)) {
		t.Error("git apply of the --diff output differs from what --fix writes")
	}
}

// TestLintMarksFixable: the text output marks a fixable finding and the
// summary counts them; JSON carries the edit.
func TestLintMarksFixable(t *testing.T) {
	root := writeTree(t, map[string]string{"connectors/a.json": bom + goodManifest})
	_, out, errOut := run(t, root, "lint", root)
	if !strings.Contains(out, "[CN003] [fixable]") || !strings.Contains(errOut, "(1 fixable: squadci lint --fix)") {
		t.Errorf("text output:\n%s\nsummary:\n%s", out, errOut)
	}
	_, js, _ := run(t, root, "lint", "--format", "jsonl", root)
	if !strings.Contains(js, `"fix":{"edits":[{"start":0,"end":3,"text":""}]}`) {
		t.Errorf("jsonl carries no fix:\n%s", js)
	}
}

func sameTree(a, b fileState) bool {
	if len(a) != len(b) {
		return false
	}
	for p, x := range a {
		if y, ok := b[p]; !ok || !bytes.Equal([]byte(x.data), []byte(y.data)) || x.mode != y.mode {
			return false
		}
	}
	return true
}

// TestLintFixNarrowed: naming a file fixes only that file.
func TestLintFixNarrowed(t *testing.T) {
	root := fixTree(t)
	before := snapshotTree(t, root)
	run(t, root, "lint", "--fix", "connectors/research-agent.json")
	after := snapshotTree(t, root)
	for p := range before {
		if changed := before[p].data != after[p].data; changed != (p == "connectors/research-agent.json") {
			t.Errorf("%s: changed %v", p, changed)
		}
	}
}

func isFixable(id string) bool {
	r, ok := diag.Lookup(id)
	return ok && r.Fixable
}

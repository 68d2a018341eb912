package lint

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
	"github.com/squadci/squadci/lint/report"
)

// TestHookListMatchesDiscovery: the pre-commit hooks pass every file to
// `lint --hook`, whose targets are listed, not named. Listed, the table's
// discovered files are checked and the others skipped with no SQ004; a
// run listing every file reports what the full run does, with or without
// ListOnce; named, the others get their SQ004 note.
func TestHookListMatchesDiscovery(t *testing.T) {
	testtool.LookPath(t, "git", "apt-get install git")
	discovered := []string{
		"connectors/acme.json", ".connector-drops/acme/t1.request.json",
		"docs/x.agent.md", ".github/chatmodes/old.chatmode.md", ".github/agents/plain.md", "sub/.github/agents/plain.md",
		".github/prompts/review.prompt.md", "prompts/any.prompt.md",
		".github/instructions/go.instructions.md", "instructions/any.instructions.md", ".github/copilot-instructions.md",
		".github/skills/pdf/SKILL.md", "skills/pdf/SKILL.md", ".claude/skills/a/SKILL.md", "plugins/p/skills/a/SKILL.md", ".github/skills/lower/skill.md",
		".squad/team.md", ".copilot-tracking/squad/team.md",
	}
	notDiscovered := []string{"package.json", "README.md", ".github/agents/README.md", ".github/agents/sub/notes.md", "docs/prompt.md", "SKILL.md", "pdf/SKILL.md", "src/instructions.md"}
	files := map[string]string{}
	for _, p := range append(append([]string{}, discovered...), notDiscovered...) {
		files[p] = "---\nname: x\n---\n{}\n"
	}
	root := writeTree(t, files)
	files[".gitignore"] = "ignored/\n"
	files["ignored/x.agent.md"] = "---\nname: [\n---\n"
	cmd := exec.Command("git", "init", "-q")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	if err := os.MkdirAll(filepath.Join(root, "ignored"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{".gitignore", "ignored/x.agent.md"} {
		if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(p)), []byte(files[p]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	listedAll := append(append([]string{".gitignore"}, discovered...), notDiscovered...)
	full := lintTree(t, root, Options{Files: &DiskFiles{Root: root}})
	for _, once := range []bool{false, true} {
		listed := lintTree(t, root, Options{Files: &DiskFiles{Root: root, ListOnce: once}, Targets: listedAll})
		if got, want := findingKeys(listed.Run.Findings), findingKeys(full.Run.Findings); !reflect.DeepEqual(got, want) {
			t.Errorf("ListOnce %v: every file listed reports\n%s\nthe full run\n%s", once, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		// A listed ignored file is linted, as a named one is.
		ignored := lintTree(t, root, Options{Files: &DiskFiles{Root: root, ListOnce: once}, Targets: []string{"ignored/x.agent.md", "package.json"}})
		if got := rulesByPath(ignored.Run.Findings); got["ignored/x.agent.md"] == nil || got["package.json"] != nil {
			t.Errorf("ListOnce %v: listed ignored agent file and package.json: %v", once, got)
		}
	}
	// A few listed files, the rest read as context: ListOnce lists as git does.
	for _, targets := range [][]string{{".squad/team.md"}, {"connectors/acme.json", ".connector-drops/acme/t1.request.json"}, {"docs/x.agent.md", "package.json"}} {
		byGit := lintTree(t, root, Options{Files: &DiskFiles{Root: root}, Targets: targets})
		once := lintTree(t, root, Options{Files: &DiskFiles{Root: root, ListOnce: true}, Targets: targets})
		if got, want := findingKeys(once.Run.Findings), findingKeys(byGit.Run.Findings); !reflect.DeepEqual(got, want) || once.Run.Files != byGit.Run.Files {
			t.Errorf("%v with ListOnce: %d files\n%s\nby git pathspecs: %d files\n%s", targets, once.Run.Files, strings.Join(got, "\n"), byGit.Run.Files, strings.Join(want, "\n"))
		}
	}
	if keys := findingKeys(full.Run.Findings); len(keys) == 0 || strings.Contains(strings.Join(keys, "\n"), "SQ004") {
		t.Errorf("the full run should have findings and no SQ004: %v", keys)
	}
	all := append(append([]string{}, discovered...), notDiscovered...)
	res := lintTree(t, root, Options{Targets: all, Named: true})
	unchecked := map[string]bool{}
	for _, f := range res.Run.Findings {
		if f.Rule == "SQ004" {
			unchecked[f.Path] = true
		}
	}
	for _, p := range discovered {
		if unchecked[p] {
			t.Errorf("lint does not check %s, which the table says it discovers", p)
		}
	}
	for _, p := range notDiscovered {
		if !unchecked[p] {
			t.Errorf("lint checks %s, which the table says it does not", p)
		}
	}
	if !strings.Contains(Discovered, "**/skills/**/SKILL.md") || !strings.Contains(Discovered, "**/*.prompt.md") {
		t.Errorf("Discovered does not name the new kinds: %s", Discovered)
	}
}

// findingKeys identifies findings by rule, path, line and message.
func findingKeys(fs []report.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%s %s:%d: %s", f.Rule, f.Path, f.Line, f.Message))
	}
	sort.Strings(out)
	return out
}

package lint

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestPreCommitFilesMatchDiscovery: the pre-commit hooks' files: pattern
// passes exactly the paths lint discovers. A path the pattern drops is
// never checked by the hook; one it passes that lint does not check gets
// an SQ004 note on every commit.
func TestPreCommitFilesMatchDiscovery(t *testing.T) {
	src, err := os.ReadFile("../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var hooks []struct {
		ID      string `yaml:"id"`
		Files   string `yaml:"files"`
		Exclude string `yaml:"exclude"`
	}
	if err := yaml.Unmarshal(src, &hooks); err != nil {
		t.Fatal(err)
	}
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
	for _, h := range hooks {
		files, err := regexp.Compile(h.Files)
		if err != nil {
			t.Fatalf("%s: files: %v", h.ID, err)
		}
		exclude, err := regexp.Compile(h.Exclude)
		if err != nil || h.Exclude == "" {
			t.Fatalf("%s: exclude: %q %v", h.ID, h.Exclude, err)
		}
		re := matcher(func(p string) bool { return files.MatchString(p) && !exclude.MatchString(p) })
		for _, p := range discovered {
			if !re.MatchString(p) {
				t.Errorf("%s: files: drops %s, which lint checks", h.ID, p)
			}
		}
		for _, p := range notDiscovered {
			if re.MatchString(p) {
				t.Errorf("%s: files: passes %s, which lint does not check", h.ID, p)
			}
		}
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

// matcher is a path predicate with regexp's method name.
type matcher func(string) bool

func (m matcher) MatchString(p string) bool { return m(p) }

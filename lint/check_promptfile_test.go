package lint

import (
	"slices"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/report"
)

// promptTree is a repository with an agent, a prompt naming it (and one
// naming nobody), and instructions files whose applyTo matches or not.
var promptTree = map[string]string{
	".github/agents/review.agent.md":             "---\nname: Code Reviewer\ndescription: Reviews\ntools: [search]\n---\nReview.\n",
	".github/prompts/good.prompt.md":             "---\nagent: Code Reviewer\n---\nReview this.\n",
	".github/agents/helper.agent.md":             "---\ndescription: Helps\ntools: [search]\n---\nHelp.\n",
	".github/prompts/stem.prompt.md":             "---\nagent: helper\n---\nHelp with this.\n",
	".github/agents/planner.md":                  "---\ndescription: Plans\ntools: [search]\n---\nPlan.\n",
	".github/prompts/plain.prompt.md":            "---\nagent: planner\n---\nPlan this.\n",
	".github/prompts/lost.prompt.md":             "---\nagent: Code Reviewr\n---\nReview this.\n",
	"prompts/elsewhere.prompt.md":                "---\nbogus: 1\n---\nAnywhere.\n",
	".github/instructions/go.instructions.md":    "---\napplyTo: '**/*.go'\n---\nUse gofmt.\n",
	".github/instructions/rust.instructions.md":  "---\napplyTo: '**/*.rs'\n---\nUse rustfmt.\n",
	".github/copilot-instructions.md":            "---\napplyTo: '**'\n---\nBe brief.\n",
	".github/instructions/plans.instructions.md": "---\napplyTo: '.copilot-tracking/plans/**'\n---\nPlans.\n",
	".gitignore":                 "# runtime output\n.copilot-tracking/\n",
	"cmd/main.go":                "package main\n",
	"vendor/excluded/lib.rs.txt": "not rust\n",
}

func findingsOf(fs []report.Finding, path string) []string {
	var out []string
	for _, f := range fs {
		if f.Path == path {
			out = append(out, f.Rule+" "+f.Message)
		}
	}
	return out
}

// TestPromptAndInstructionsFiles: the new kinds are discovered anywhere,
// agents resolve against the repository's agent files, and applyTo is
// matched against the repository's files.
func TestPromptAndInstructionsFiles(t *testing.T) {
	root := writeTree(t, promptTree)
	res := lintTree(t, root, Options{})
	fs := res.Run.Findings
	for _, p := range []string{".github/prompts/good.prompt.md", ".github/prompts/stem.prompt.md", ".github/instructions/go.instructions.md",
		".github/instructions/plans.instructions.md", ".github/prompts/plain.prompt.md", ".github/agents/planner.md"} { // plans: its folder is git-ignored runtime output
		if got := findingsOf(fs, p); len(got) != 0 {
			t.Errorf("%s: want no finding, got %q", p, got)
		}
	}
	want := map[string]string{
		".github/prompts/lost.prompt.md":            `PF104 frontmatter.agent: "Code Reviewr" is neither a built-in agent nor an agent file's name in this repository; did you mean "Code Reviewer"?`,
		".github/instructions/rust.instructions.md": `IN105 frontmatter.applyTo: pattern "**/*.rs" matches no file`,
		".github/copilot-instructions.md":           `IN107 its frontmatter ("applyTo") has no effect`,
	}
	for _, f := range fs {
		if f.Path == "prompts/elsewhere.prompt.md" && f.Rule == "PF102" && (f.Line != 2 || f.Column != 1 || f.EndColumn != 6) {
			t.Errorf("the unknown key's position: %d:%d-%d", f.Line, f.Column, f.EndColumn)
		}
	}
	if got := findingsOf(fs, "prompts/elsewhere.prompt.md"); len(got) != 2 || !strings.HasPrefix(got[0], "PF109 not below .github/prompts/") ||
		!strings.HasPrefix(got[1], `PF102 frontmatter: unknown key "bogus"`) {
		t.Errorf("a prompt file outside .github/prompts/ is checked and noted: %q", got)
	}
	for p, w := range want {
		got := findingsOf(fs, p)
		if len(got) != 1 || !strings.HasPrefix(got[0], w) {
			t.Errorf("%s: want one finding starting %q, got %q", p, w, got)
		}
	}
}

// TestPromptFilesNarrowed: a run narrowed to one prompt file still
// resolves its agent against every agent file, and a narrowed
// instructions file is matched against every file of the tree.
func TestPromptFilesNarrowed(t *testing.T) {
	root := writeTree(t, promptTree)
	res := lintTree(t, root, Options{Targets: []string{".github/prompts/good.prompt.md", ".github/instructions/rust.instructions.md"}, Named: true})
	var rules []string
	for _, f := range res.Run.Findings {
		rules = append(rules, f.Path+" "+f.Rule)
	}
	if !slices.Equal(rules, []string{".github/instructions/rust.instructions.md IN105"}) {
		t.Fatalf("narrowed run: %q", rules)
	}
}

// TestKindsOffSkipsPromptsAndInstructions: kinds.prompts and
// kinds.instructions turn each kind off, and a named file of a kind that
// is off gets SQ004 saying why.
func TestKindsOffSkipsPromptsAndInstructions(t *testing.T) {
	root := writeTree(t, promptTree)
	cfg, err := ParseConfig(".squadci.yml", []byte("kinds:\n  prompts: false\n  instructions: false\n"))
	if err != nil {
		t.Fatal(err)
	}
	off := lintTree(t, root, Options{Config: cfg})
	for _, f := range off.Run.Findings {
		if strings.HasPrefix(f.Rule, "PF") || strings.HasPrefix(f.Rule, "IN") {
			t.Errorf("kind off, still found %s on %s", f.Rule, f.Path)
		}
	}
	for p, kind := range map[string]string{"prompts/elsewhere.prompt.md": "prompts", ".github/copilot-instructions.md": "instructions"} {
		named := lintTree(t, root, Options{Config: cfg, Targets: []string{p}, Named: true})
		if len(named.Run.Findings) != 1 || named.Run.Findings[0].Rule != "SQ004" ||
			!strings.Contains(named.Run.Findings[0].Message, "kinds."+kind+" is false in .squadci.yml") {
			t.Errorf("%s named with kinds.%s off: %+v", p, kind, named.Run.Findings)
		}
	}
	on, err := ParseConfig(".squadci.yml", []byte("kinds:\n  prompts: false\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := findingsOf(lintTree(t, root, Options{Config: on}).Run.Findings, ".github/instructions/rust.instructions.md"); len(got) != 1 {
		t.Errorf("kinds.prompts false must leave instructions on: %q", got)
	}
}

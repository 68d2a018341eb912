package promptfile

import (
	"slices"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/diag"
)

// finding is a rule id, severity and a piece of the message, for tables.
type finding struct{ rule, sev, msg string }

// matchFindings fails unless got holds exactly the wanted findings, each
// message containing its piece.
func matchFindings(t *testing.T, got []diag.Diagnostic, want []finding) {
	t.Helper()
	left := slices.Clone(got)
	for _, w := range want {
		i := slices.IndexFunc(left, func(d diag.Diagnostic) bool {
			return d.Rule == w.rule && d.Severity.String() == w.sev && strings.Contains(d.Message, w.msg)
		})
		if i < 0 {
			t.Errorf("missing %s %s %q in %v", w.rule, w.sev, w.msg, got)
			continue
		}
		left = slices.Delete(left, i, i+1)
	}
	for _, d := range left {
		t.Errorf("unexpected %s %s: %s", d.Rule, d.Severity, d.Message)
	}
}

func TestCheckPrompt(t *testing.T) {
	cases := []struct {
		name, src string
		want      []finding
	}{
		{"clean", "---\nname: tidy\ndescription: Tidies the imports\nargument-hint: a package path\nagent: agent\nmodel: GPT-5 (copilot)\ntools: ['search', 'edit']\n---\nTidy ${input:pkg}.\n", nil},
		{"no header", "Just a prompt.\n", nil},
		{"tools as a comma-separated string", "---\ntools: search, edit\n---\nGo.\n", nil},
		{"model list", "---\nmodel: [GPT-5 (copilot), Claude Sonnet 4 (copilot)]\n---\nGo.\n", nil},
		{"unclosed header", "---\ndescription: never closed\nBody.\n", []finding{{"PF101", "error", "never closed"}}},
		{"yaml does not parse", "---\ndescription: [a, b\n---\nBody.\n", []finding{{"PF101", "error", "YAML does not parse"}}},
		{"header is a sequence", "---\n- a\n- b\n---\nBody.\n", []finding{{"PF101", "error", "mapping"}}},
		{"duplicate key", "---\ndescription: one\ndescription: two\n---\nBody.\n", []finding{{"PF101", "error", "duplicate key"}}},
		{"unknown key with a near spelling", "---\ndescripton: Tidies\n---\nBody.\n",
			[]finding{{"PF102", "warning", `unknown key "descripton"; VS Code ignores it in prompt files (did you mean "description"?)`}}},
		{"instructions key in a prompt", "---\napplyTo: '**'\n---\nBody.\n", []finding{{"PF102", "warning", "an instructions-file key"}}},
		{"agent key in a prompt", "---\nhandoffs: []\n---\nBody.\n", []finding{{"PF102", "warning", "an agent-file key"}}},
		{"description is a mapping", "---\ndescription:\n  text: x\n---\nBody.\n", []finding{{"PF103", "error", "frontmatter.description: must be a string, not a mapping"}}},
		{"description is a number", "---\ndescription: 42\n---\nBody.\n", []finding{{"PF103", "warning", "is a number, not a string"}}},
		{"blank name", "---\nname: ''\n---\nBody.\n", []finding{{"PF103", "warning", "frontmatter.name: must not be blank"}}},
		{"empty model list", "---\nmodel: []\n---\nBody.\n", []finding{{"PF103", "error", "empty sequence"}}},
		{"model list with a mapping", "---\nmodel:\n  - GPT-5\n  - {a: b}\n---\nBody.\n", []finding{{"PF103", "error", "frontmatter.model[1]: must be a string"}}},
		{"tools as a mapping", "---\ntools:\n  search: true\n---\nBody.\n", []finding{{"PF103", "error", "not a mapping"}}},
		{"mode alone", "---\nmode: agent\n---\nBody.\n", []finding{{"PF105", "note", "rename it to agent"}}},
		{"mode beside the same agent", "---\nagent: ask\nmode: ask\n---\nBody.\n", []finding{{"PF105", "note", "ignored because agent is also set"}}},
		{"mode beside agent", "---\nagent: ask\nmode: agent\n---\nBody.\n", []finding{{"PF105", "warning", "ignored because agent is also set"}}},
		{"agent is a sequence", "---\nagent: [ask]\n---\nBody.\n", []finding{{"PF103", "error", "frontmatter.agent: must be a string"}}},
		{"tools with ask", "---\nagent: ask\ntools: [search]\n---\nBody.\n", []finding{{"PF106", "error", "frontmatter.agent is ask"}}},
		{"tools with edit via mode", "---\nmode: edit\ntools: [search]\n---\nBody.\n",
			[]finding{{"PF106", "error", "is edit"}, {"PF105", "note", "rename"}}},
		{"tools with a custom agent", "---\nagent: Reviewer\ntools: [search]\n---\nBody.\n", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			matchFindings(t, CheckPrompt(".github/prompts/p.prompt.md", []byte(tc.src)).Diagnostics, tc.want)
		})
	}
}

// TestPromptUnknownKeyOutsideLoadedFolder: a prompt file VS Code does not
// offer by default (outside .github/prompts/) gets its unknown keys as
// notes; the same key below .github/prompts/ is a warning (TestCheckPrompt).
func TestPromptUnknownKeyOutsideLoadedFolder(t *testing.T) {
	src := []byte("---\ndescripton: Tidies\napplyTo: '**'\n---\nBody.\n")
	matchFindings(t, CheckPrompt("prompts/p.prompt.md", src).Diagnostics, []finding{
		{"PF102", "note", `unknown key "descripton"`},
		{"PF102", "note", "an instructions-file key"},
		{"PF109", "note", "not below .github/prompts/"},
	})
}

func TestPromptAgentResolves(t *testing.T) {
	known := map[string]bool{"Security Reviewer": true, "reviewer": true}
	names := []string{"Security Reviewer", "reviewer"}
	isKnown := func(n string) bool { return known[n] }
	cases := []struct {
		name, src string
		want      []finding
	}{
		{"display name", "---\nagent: Security Reviewer\n---\nGo.\n", nil},
		{"file stem", "---\nagent: reviewer\n---\nGo.\n", nil},
		{"built-in in any case", "---\nagent: Plan\n---\nGo.\n", nil},
		{"unknown, near a known name", "---\nagent: Security Reviewr\n---\nGo.\n",
			[]finding{{"PF104", "warning", `frontmatter.agent: "Security Reviewr" is neither a built-in agent nor an agent file's name in this repository; did you mean "Security Reviewer"?`}}},
		{"case matters for custom agents", "---\nagent: security reviewer\n---\nGo.\n", []finding{{"PF104", "warning", `did you mean "Security Reviewer"`}}},
		{"unknown through mode", "---\nmode: nobody\n---\nGo.\n", []finding{{"PF104", "warning", "frontmatter.mode:"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := CheckPrompt(".github/prompts/p.prompt.md", []byte(tc.src))
			got := r.UnresolvedAgent(isKnown, names)
			matchFindings(t, got, tc.want)
		})
	}
}

// TestPromptFindingPositions: findings point at the key or value they name.
func TestPromptFindingPositions(t *testing.T) {
	src := "---\nname: x\nbogus: 1\n---\nBody.\n"
	ds := CheckPrompt(".github/prompts/p.prompt.md", []byte(src)).Diagnostics
	if len(ds) != 1 || src[ds[0].Span.Start:ds[0].Span.End] != "bogus" {
		t.Fatalf("span of the unknown key: %+v", ds)
	}
}

// TestAcceptedNamesAreCandidates: the names VS Code accepts are the
// finding's candidates, all of them, and never in its message.
func TestAcceptedNamesAreCandidates(t *testing.T) {
	var names []string
	for _, n := range "lkjihgfedcba" {
		names = append(names, "agent-"+string(n))
	}
	r := CheckPrompt(".github/prompts/p.prompt.md", []byte("---\nagent: nobody\n---\nGo.\n"))
	got := r.UnresolvedAgent(func(string) bool { return false }, names)
	matchFindings(t, got, []finding{{"PF104", "warning", `frontmatter.agent: "nobody" is neither a built-in agent nor an agent file's name in this repository; see its candidates`}})
	want := "agent-a agent-b agent-c agent-d agent-e agent-f agent-g agent-h agent-i agent-j agent-k agent-l agent ask edit Plan"
	if c := strings.Join(got[0].Candidates, " "); c != want {
		t.Errorf("candidates = %q, want %q", c, want)
	}
	if strings.Contains(got[0].Message, "agent-a") {
		t.Errorf("the message lists the candidates: %q", got[0].Message)
	}
}

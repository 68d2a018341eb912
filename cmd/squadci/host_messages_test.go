package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/diag"
)

// consequence finds a message or text that says what a host does with the
// file: ignores, drops, rejects, refuses, skips, cuts, never applies,
// cannot start or dispatch, does not load.
var consequence = regexp.MustCompile(`(?i)\b(ignor\w*|drops?|reject\w*|refuses?|skips?|cuts?|never appl\w*|` +
	`cannot (start|reach|dispatch)|does not (start|load|offer|read|split)|has no effect|truncat\w*)\b`)

// hostName finds the name of a consumer: a host (VS Code, Copilot CLI, the
// cloud agent, Claude Code, GitHub's hosts, OpenCode) or a tool that reads
// the file (Squad, kmx's loader, skills-ref, the Agent Skills format).
var hostName = regexp.MustCompile(`VS Code|Copilot CLI|cloud agent|Claude Code|GitHub|OpenCode|Squad|kmx|skills-ref|Agent Skills|agentskills`)

// hostFamily reports the rules that judge what a host does with an agent,
// prompt, instructions or skill file. AF0xx are the kmx loader's own
// contract (typed errors with fixed text).
func hostFamily(id string) bool {
	return strings.HasPrefix(id, "AF1") || strings.HasPrefix(id, "PF") || strings.HasPrefix(id, "IN") || strings.HasPrefix(id, "SK")
}

// TestHostRulesNameTheHost: every agent, prompt, instructions and skill
// rule names in its Consumer the host or tool that misbehaves, and so do
// its Full and Help wherever they state a consequence (fidelity.md §3,
// "Name the host").
func TestHostRulesNameTheHost(t *testing.T) {
	for _, r := range diag.All() {
		if !hostFamily(r.ID) && !strings.HasPrefix(r.ID, "AF0") {
			continue
		}
		if !hostName.MatchString(r.Consumer) {
			t.Errorf("%s: Consumer names no host: %q", r.ID, r.Consumer)
		}
		for what, text := range map[string]string{"Full": r.Full, "Help": r.Help} {
			if hostFamily(r.ID) && consequence.MatchString(text) && !hostName.MatchString(text) {
				t.Errorf("%s: %s states a consequence without naming the host: %q", r.ID, what, text)
			}
		}
	}
}

// TestHostMessagesNameTheHost: every finding of those rules whose message
// states a consequence names the host that misbehaves, over the lint
// fixtures of agent files and skills and a tree of prompt and
// instructions files.
func TestHostMessagesNameTheHost(t *testing.T) {
	tree := writeTree(t, map[string]string{
		".github/prompts/a.prompt.md":            "---\ndescripton: d\nagent: ask\ntools: [search]\nmodel: {a: b}\nhandoffs: []\n---\nSee [x](missing.md).\n",
		".github/prompts/b.prompt.md":            "---\nmode: edit\nname: [a]\n---\nx\n",
		".github/instructions/a.instructions.md": "---\napplyTo: ['**/*.go']\nexcludeAgent: reviewer\ntools: [x]\n---\nSee [y](nope.md).\n",
		".github/instructions/b.instructions.md": "---\napplyTo: 'src/[a'\n---\nx\n",
		".github/instructions/c.instructions.md": "---\ndescription: d\n---\nx\n",
		".github/copilot-instructions.md":        "---\napplyTo: '**'\n---\nx\n",
		"docs/d.instructions.md":                 "---\napplyTo: '**'\n---\nx\n",
		".github/skills/reports/SKILL.md":        "---\nname: report-writer\ndescription: d\nuser-invocable: 'yes'\nwhen_to_use: x\n---\nSee [z](references/none.md).\n",
		".github/skills/Caps/SKILL.md":           "---\nname: Caps\ndescription: ''\n---\nx\n",
		".github/agents/x.agent.md":              "---\ndescription: d\nmodel: a | b\nhandoffs:\n  - label: l\n    agent: nobody\n    prompt: p\n---\nx\n",
	})
	dirs := []string{tree, filepath.Join("..", "..", "testdata", "agentfile", "lint", "err")}
	cases, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "skill", "err", "*"))
	for _, c := range cases {
		if fi, err := os.Stat(c); err == nil && fi.IsDir() {
			dirs = append(dirs, c)
		}
	}
	seen := map[string]bool{}
	for _, dir := range dirs {
		abs, err := filepath.Abs(dir)
		if err != nil {
			t.Fatal(err)
		}
		_, out, _ := run(t, abs, "lint", "--format", "jsonl", ".")
		sc := bufio.NewScanner(strings.NewReader(out))
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var f struct {
				Rule    string `json:"rule"`
				Message string `json:"message"`
			}
			if json.Unmarshal(sc.Bytes(), &f) != nil || !hostFamily(f.Rule) {
				continue
			}
			seen[f.Rule] = true
			if consequence.MatchString(f.Message) && !hostName.MatchString(f.Message) {
				t.Errorf("%s states a consequence without naming the host: %s", f.Rule, f.Message)
			}
		}
	}
	for _, id := range []string{"AF102", "AF108", "AF117", "AF120", "PF102", "PF103", "PF106", "PF108", "IN102", "IN103",
		"IN104", "IN106", "IN107", "IN110", "SK102", "SK103", "SK104"} {
		if !seen[id] {
			t.Errorf("no %s finding in the trees: the test does not look at its messages", id)
		}
	}
}

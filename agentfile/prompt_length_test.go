package agentfile

import (
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/diag"
)

// TestPromptTooLongVendorCoordinator: Squad's coordinator is longer than
// GitHub's cap in every release and `squad upgrade` rewrites it, so there
// the finding is a note that says so; any other agent file GitHub loads
// keeps the error, and one it does not load as it stands is a warning.
func TestPromptTooLongVendorCoordinator(t *testing.T) {
	src := []byte("---\nname: Squad\ndescription: the coordinator\n---\n" + strings.Repeat("word ", MaxPromptChars/5+10) + "\n")
	tests := []struct {
		path     string
		want     diag.Severity
		upstream bool
	}{
		{".github/agents/squad.agent.md", diag.SeverityNote, true},
		{"/work/repo/.github/agents/squad.agent.md", diag.SeverityNote, true},
		{".github/agents/planner.agent.md", diag.SeverityError, false},
		{"agents/planner.agent.md", diag.SeverityError, false},
		{"docs/.github/agents-squad.agent.md", diag.SeverityWarning, false},
		{"notsquad.agent.md", diag.SeverityWarning, false},
	}
	for _, tc := range tests {
		var got []diag.Diagnostic
		for _, d := range Check(tc.path, src) {
			if d.Rule == rulePromptTooLong.ID {
				got = append(got, d)
			}
		}
		if len(got) != 1 {
			t.Errorf("%s: %d AF110 findings, want 1", tc.path, len(got))
			continue
		}
		if got[0].Severity != tc.want || strings.Contains(got[0].Message, "squad upgrade") != tc.upstream {
			t.Errorf("%s: %v %q, want %v (upstream note %v)", tc.path, got[0].Severity, got[0].Message, tc.want, tc.upstream)
		}
	}
}

// TestPromptTooLongTargetVSCode: VS Code reads the whole body, so a file
// that targets only VS Code is not held to GitHub's cap; the error says so.
func TestPromptTooLongTargetVSCode(t *testing.T) {
	body := strings.Repeat("word ", MaxPromptChars/5+10) + "\n"
	for _, tc := range []struct {
		target string
		want   int
	}{{"vscode", 0}, {"github-copilot", 1}, {"", 1}} {
		src := "---\ndescription: d\ntools: []\n"
		if tc.target != "" {
			src += "target: " + tc.target + "\n"
		}
		var got []diag.Diagnostic
		for _, d := range Check(".github/agents/long.agent.md", []byte(src+"---\n"+body)) {
			if d.Rule == rulePromptTooLong.ID {
				got = append(got, d)
			}
		}
		if len(got) != tc.want {
			t.Errorf("target %q: %d AF110 findings, want %d", tc.target, len(got), tc.want)
		}
		if len(got) == 1 && !strings.Contains(got[0].Message, "target: vscode") {
			t.Errorf("target %q: message does not say how to opt out: %s", tc.target, got[0].Message)
		}
	}
}

// TestMCPReferenceVendorCoordinator: a non-COPILOT_MCP_ reference in
// Squad's coordinator (what `squad init --mcp-frontmatter` writes) is a
// warning saying the file is Squad's; elsewhere, and for a literal
// credential anywhere, it stays an error.
func TestMCPReferenceVendorCoordinator(t *testing.T) {
	ghp := "ghp_" + strings.Repeat("Zq8xW2mN4vB6", 3) // fake, for the literal case
	src := func(val string) []byte {
		return []byte("---\nname: Squad\ndescription: the coordinator\nmcp-servers:\n  example:\n    type: local\n    command: npx\n    tools: [\"*\"]\n    env:\n      GITHUB_TOKEN: " + val + "\n---\nBody.\n")
	}
	tests := []struct {
		path, val string
		want      diag.Severity
	}{
		{".github/agents/squad.agent.md", "${GITHUB_TOKEN}", diag.SeverityWarning},
		{".github/agents/planner.agent.md", "${GITHUB_TOKEN}", diag.SeverityError},
		{".github/agents/squad.agent.md", ghp, diag.SeverityError},
	}
	for _, tc := range tests {
		worst := diag.SeverityOff
		for _, d := range Check(tc.path, src(tc.val)) {
			// A literal credential is reported by the whole-file scan (AF002) or by AF109.
			if (d.Rule == ruleMCPSecret.ID || d.Rule == "AF002") && d.Severity > worst {
				worst = d.Severity
			}
		}
		if worst != tc.want {
			t.Errorf("%s with %.6s…: AF109 at %v, want %v", tc.path, tc.val, worst, tc.want)
		}
	}
}

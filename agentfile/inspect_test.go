package agentfile

import (
	"slices"
	"testing"
)

func TestIsCharter(t *testing.T) {
	cases := []struct {
		src  string
		want bool
	}{
		{greeter, true},
		{"# X\n\n## Identity\n- **ID:**\n", true},
		{"# X\n\n## Collaboration and Review Authority\nx\n", true},
		{"# Ripley — Lead\n\n## Identity\n- **Name:** Ripley\n- **Role:** Lead\n\n## Model\n- **Preferred:** auto\n", false},
		{"# Scribe\n\n## Project Context\nx\n\n## Responsibilities\n- y\n", false},
		{"# X\n\n## Examples\n```yaml\nexamples: []\n```\n", false},
		{"---\ndescription: d\n---\n## Accountable Responsibilities\nx\n", false},
		{"# X\n\n```\n## Non-Responsibilities\n```\n", false},
	}
	for _, tc := range cases {
		if got := IsCharter([]byte(tc.src)); got != tc.want {
			t.Errorf("IsCharter(%q) = %v", tc.src, got)
		}
	}
}

// TestAgentNames: VS Code calls an agent by its frontmatter name when that
// is a string, as written, and only otherwise by its file stem.
func TestAgentNames(t *testing.T) {
	cases := []struct {
		path, src string
		want      string
	}{
		{".github/agents/review.agent.md", reviewer, "Reviewer"},
		{"x/plan.chatmode.md", "---\nname: [bad\n---\n", "plan"},
		{".github/agents/notes.md", "---\nname: 12\ndescription: d\n---\nx\n", "notes"},
		{".github/agents/pad.agent.md", "---\nname: ' Pad '\ndescription: d\n---\nx\n", " Pad "},
		{".github/agents/bare.agent.md", "Just a prompt.\n", "bare"},
	}
	for _, tc := range cases {
		if got := AgentNames(tc.path, []byte(tc.src)); !slices.Equal(got, []string{tc.want}) {
			t.Errorf("AgentNames(%s) = %q, want %q", tc.path, got, tc.want)
		}
		if got := Inspect(tc.path, []byte(tc.src)).Names; !slices.Equal(got, []string{tc.want}) {
			t.Errorf("Inspect(%s).Names = %q, want %q", tc.path, got, tc.want)
		}
	}
}

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

func TestAgentNames(t *testing.T) {
	if got := AgentNames(".github/agents/review.agent.md", []byte(reviewer)); !slices.Equal(got, []string{"review", "Reviewer"}) {
		t.Errorf("names %q", got)
	}
	if got := AgentNames("x/plan.chatmode.md", []byte("---\nname: [bad\n---\n")); !slices.Equal(got, []string{"plan"}) {
		t.Errorf("names %q", got)
	}
	r := Inspect(".github/agents/reviewer.agent.md", []byte(reviewer))
	if !slices.Equal(r.Names, []string{"reviewer", "Reviewer"}) || len(r.Diagnostics) != 0 {
		t.Errorf("report %+v", r)
	}
}

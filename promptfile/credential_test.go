package promptfile

import (
	"strings"
	"testing"
)

// fakeToken is GitHub-token shaped and belongs to nobody.
var fakeToken = "ghp_" + strings.Repeat("Zq8xW2mN4vB6", 3)

func TestCredentials(t *testing.T) {
	cases := []struct {
		name, path, src string
		want            []finding
	}{
		{"token in a prompt body", ".github/prompts/p.prompt.md", "---\nagent: agent\n---\nUse " + fakeToken + " to push.\n",
			[]finding{{"PF107", "error", "credential-shaped content (a GitHub token); the value is withheld"}}},
		{"token in an escaped frontmatter string", ".github/prompts/p.prompt.md", "---\ndescription: \"ghp_\\u005a" + fakeToken[5:] + "\"\n---\nGo.\n",
			[]finding{{"PF107", "error", "frontmatter.description"}}},
		{"reference is no credential", ".github/prompts/p.prompt.md", "---\nagent: agent\n---\nUse ${{ secrets.GITHUB_TOKEN }} or $GH_TOKEN.\n", nil},
		{"generic value is a warning", ".github/instructions/a.instructions.md", "---\napplyTo: '**'\n---\n    const API_KEY = \"Qw7rT2yLp9Zx4Vb8Nm3K\";\n",
			[]finding{{"IN109", "warning", "high-entropy value assigned to API_KEY"}}},
		{"token in instructions", ".github/instructions/a.instructions.md", "---\napplyTo: '**'\n---\ntoken: " + fakeToken + "\n",
			[]finding{{"IN109", "error", "GitHub"}}},
		{"token in the repository file", RepositoryInstructions, "Push with " + fakeToken + ".\n",
			[]finding{{"IN109", "error", "GitHub"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got = CheckInstructions(tc.path, []byte(tc.src)).Diagnostics
			if strings.HasSuffix(tc.path, ".prompt.md") {
				got = CheckPrompt(tc.path, []byte(tc.src)).Diagnostics
			}
			matchFindings(t, got, tc.want)
			for _, d := range got {
				if strings.Contains(d.Message, fakeToken[4:]) {
					t.Errorf("message repeats the value: %s", d.Message)
				}
			}
		})
	}
}

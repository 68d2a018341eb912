package promptfile

import "testing"

func TestFileReferences(t *testing.T) {
	tree := NewTree([]string{".github/prompts/p.prompt.md", ".github/instructions/go.instructions.md", "docs/guide.md", "src/app/main.go"})
	cases := []struct {
		name, body string
		want       []finding
	}{
		{"existing link, relative", "See [guide](../../docs/guide.md).\n", nil},
		{"existing #file", "Read #file:../instructions/go.instructions.md first.\n", nil},
		{"a folder exists too", "Look in [src](../../src/app).\n", nil},
		{"fragment, title and angle brackets are not the name", "[a](../../docs/guide.md#intro) [b](<../../docs/guide.md> \"Guide\") [c](../../docs/guide.md?x=1)\n", nil},
		{"urls, absolute paths, anchors and escapes are left alone", "[w](https://example.com/x) [m](mailto:a@example.com) [abs](/etc/hosts) [here](#top) [up](../../../../outside.md)\n", nil},
		{"placeholders are not files", "[x]({{redirect_url}}) [y](${workspaceFolder}/a.md)\n", nil},
		{"a link whose target is in code", "- [ ] Links use `[text](url)`.\n", nil},
		{"images are not references", "![logo](missing.png)\n", nil},
		{"code is an example", "```md\n[x](missing.md)\n```\nInline `[y](missing.md)` and `#file:nope.md`.\n", nil},
		{"missing link", "See [guide](../docs/guide.md).\n",
			[]finding{{"PF108", "warning", `body: file reference "../docs/guide.md" resolves to ".github/docs/guide.md", which is not in this repository`}}},
		{"missing #file with a trailing period", "Read #file:../instructions/go.instructions.md.\n",
			[]finding{{"PF108", "warning", `(VS Code reads the trailing "." as part of the name)`}}},
		{"a #file inside a link is the link's", "[#file:x](../../docs/guide.md)\n", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := CheckPrompt(".github/prompts/p.prompt.md", []byte("---\ndescription: d\n---\n"+tc.body))
			matchFindings(t, r.Diagnostics, nil)
			matchFindings(t, r.MissingFiles(tree), tc.want)
		})
	}
	t.Run("instructions files too, header lines are not body", func(t *testing.T) {
		src := "---\ndescription: '[x](nope.md)'\napplyTo: '**'\n---\nSee [y](gone.md).\n"
		r := CheckInstructions(".github/instructions/go.instructions.md", []byte(src))
		matchFindings(t, r.MissingFiles(tree), []finding{{"IN110", "warning", `"gone.md"`}})
	})
	t.Run("an unclosed header has no body", func(t *testing.T) {
		r := CheckPrompt(".github/prompts/p.prompt.md", []byte("---\ndescription: d\nSee [y](gone.md).\n"))
		if len(r.Refs) != 0 {
			t.Fatalf("refs in an unclosed header: %+v", r.Refs)
		}
	})
}

func TestContainsFold(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"see #file:a.md", true}, {"see #FILE:a.md", true}, {"# heading #fil", false}, {"no hash", false}, {"##file:x", true}, {"#file", false},
	} {
		if got := containsFold(tc.line, "#file:"); got != tc.want {
			t.Errorf("containsFold(%q) = %v", tc.line, got)
		}
	}
}

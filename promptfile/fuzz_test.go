package promptfile

import "testing"

// FuzzCheck: no input panics either kind's checks or their cross-file
// parts, and every span lies inside the file.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{
		"", "---", "---\n", "---\n---\n", "\xef\xbb\xbf---\r\napplyTo: '**/*.{a'\r\n---\r\n[x](y)\r\n",
		"---\nagent: [\n---\n", "```\n[x](y)\n", "#file:", "`#file:a` [a](#b) ![c](d)", "---\ntools: {a: b}\nmodel: []\n---\n",
	} {
		f.Add(s)
	}
	tree, listing := NewTree([]string{"a/b.md", "c.go"}), NewListing([]string{"a/b.md", "c.go"})
	f.Fuzz(func(t *testing.T, src string) {
		b := []byte(src)
		p := CheckPrompt(".github/prompts/x.prompt.md", b)
		ds := append(p.Diagnostics, p.MissingFiles(tree)...)
		ds = append(ds, p.UnresolvedAgent(func(string) bool { return false }, []string{"a"})...)
		in := CheckInstructions(".github/instructions/x.instructions.md", b)
		ds = append(ds, in.Diagnostics...)
		ds = append(ds, in.Unmatched(listing)...)
		ds = append(ds, in.MissingFiles(tree)...)
		for _, d := range ds {
			if d.Span.Start < 0 || d.Span.End > len(b) || d.Span.Start > d.Span.End {
				t.Fatalf("span %+v outside a %d-byte file: %s", d.Span, len(b), d.Message)
			}
		}
	})
}

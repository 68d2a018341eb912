package promptfile

import "testing"

func TestCheckInstructions(t *testing.T) {
	cases := []struct {
		name, path, src string
		want            []finding
	}{
		{"clean", "", "---\nname: Go\ndescription: Go style\napplyTo: '**/*.go'\nexcludeAgent: code-review\n---\nUse gofmt.\n", nil},
		{"several globs, braces kept whole", "", "---\napplyTo: '**/*.{ts,tsx}, docs/**'\n---\nX.\n", nil},
		{"excludeAgent list", "", "---\napplyTo: '**'\nexcludeAgent: [code-review, coding-agent]\n---\nX.\n", nil},
		{"no applyTo", "", "---\ndescription: by hand\n---\nX.\n", []finding{{"IN108", "note", "no applyTo"}}},
		{"no header at all", "", "Plain guidance.\n", []finding{{"IN108", "note", "no applyTo"}}},
		{"unclosed header", "", "---\napplyTo: '**'\nX.\n", []finding{{"IN101", "error", "never closed"}}},
		{"broken yaml", "", "---\napplyTo: [\n---\nX.\n", []finding{{"IN101", "error", "YAML does not parse"}}},
		{"applyTo as a list", "", "---\napplyTo:\n  - '**/*.ts'\n---\nX.\n",
			[]finding{{"IN103", "error", "frontmatter.applyTo: must be one string of comma-separated globs, not a sequence"}}},
		// Hosts differ on a list: VS Code never applies it, Copilot CLI joins
		// it; the advice, one string, works in both.
		{"applyTo list names both hosts", "", "---\napplyTo: ['**/*.go', '**/*.md']\n---\nX.\n",
			[]finding{{"IN103", "error", "VS Code reads applyTo only as a string and never applies the file (Copilot CLI joins the list and applies it)"}}},
		{"applyTo as the advised one string", "", "---\napplyTo: '**/*.go,**/*.md'\n---\nX.\n", nil},
		{"applyTo as a mapping", "", "---\napplyTo: {a: b}\n---\nX.\n", []finding{{"IN103", "error", "must be a string, not a mapping"}}},
		{"blank applyTo", "", "---\napplyTo: ''\n---\nX.\n", []finding{{"IN103", "warning", "must not be blank"}}},
		{"unclosed brace", "", "---\napplyTo: '**/*.{ts,js'\n---\nX.\n",
			[]finding{{"IN104", "error", `pattern "**/*.{ts,js" is not a valid glob: its { and } do not pair up`}}},
		{"unclosed bracket", "", "---\napplyTo: 'src/[ab/*.go'\n---\nX.\n", []finding{{"IN104", "error", "unclosed [ or {"}}},
		{"backwards range", "", "---\napplyTo: 'v[9-0].txt'\n---\nX.\n", []finding{{"IN104", "error", "runs backwards"}}},
		{"empty pattern between commas", "", "---\napplyTo: '**/*.go,, **/*.md'\n---\nX.\n", []finding{{"IN104", "warning", "empty pattern between commas"}}},
		{"trailing comma is fine", "", "---\napplyTo: '**/*.go,'\n---\nX.\n", nil},
		{"unknown excludeAgent", "", "---\napplyTo: '**'\nexcludeAgent: code-reviewer\n---\nX.\n",
			[]finding{{"IN106", "warning", `"code-reviewer" excludes no agent (GitHub's hosts exclude "code-review", "coding-agent" or "cloud-agent"); every agent, Copilot CLI included, still reads this file (did you mean "code-review"?)`}}},
		{"cloud-agent is excluded by Copilot CLI", "", "---\napplyTo: '**'\nexcludeAgent: [cloud-agent, coding-agent]\n---\nX.\n", nil},
		{"excludeAgent mapping", "", "---\napplyTo: '**'\nexcludeAgent: {a: b}\n---\nX.\n", []finding{{"IN103", "error", "not a mapping"}}},
		{"excludeAgent list entry", "", "---\napplyTo: '**'\nexcludeAgent: [code-review, review]\n---\nX.\n", []finding{{"IN106", "warning", `"review" excludes no agent`}}},
		{"prompt key", "", "---\napplyTo: '**'\ntools: [search]\n---\nX.\n", []finding{{"IN102", "warning", `key "tools" is a prompt-file key`}}},
		{"claude rules key", "", "---\npaths: ['src/**']\n---\nX.\n",
			[]finding{{"IN102", "warning", "Claude Code's rules-file"}, {"IN108", "note", "no applyTo"}}},
		{"unknown key", "", "---\napplyto: '**'\n---\nX.\n",
			[]finding{{"IN102", "warning", `(did you mean "applyTo"?)`}, {"IN108", "note", "no applyTo"}}},
		{"repository file with keys", RepositoryInstructions, "---\napplyTo: '**/*.go'\ndescription: all\n---\nX.\n",
			[]finding{{"IN107", "warning", `its frontmatter ("applyTo", "description") has no effect`}}},
		{"repository file, label only", RepositoryInstructions, "---\nname: Repo\ndescription: all\n---\nX.\n",
			[]finding{{"IN107", "note", `its frontmatter ("description", "name") has no effect`}}},
		{"repository file, excludeAgent", RepositoryInstructions, "---\ndescription: all\nexcludeAgent: code-review\n---\nX.\n",
			[]finding{{"IN107", "warning", `its frontmatter ("description", "excludeAgent") has no effect`}}},
		{"repository file without header", RepositoryInstructions, "Be kind.\n", nil},
		{"unknown key outside the loaded folder", "instructions/x.instructions.md", "---\napplyTo: '**'\ntitle: X\n---\nX.\n",
			[]finding{{"IN102", "note", `unknown key "title"`}, {"IN111", "note", "not below .github/instructions/"}}},
		{"foreign key outside the loaded folder", "instructions/x.instructions.md", "---\napplyTo: '**'\ntools: [search]\n---\nX.\n",
			[]finding{{"IN102", "note", `key "tools" is a prompt-file key`}, {"IN111", "note", "not below .github/instructions/"}}},
		{"repository file, broken header", RepositoryInstructions, "---\n: [\n---\nX.\n", []finding{{"IN107", "warning", "frontmatter block has no effect"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.path
			if p == "" {
				p = ".github/instructions/x.instructions.md"
			}
			matchFindings(t, CheckInstructions(p, []byte(tc.src)).Diagnostics, tc.want)
		})
	}
}

func TestApplyToMatchesRepository(t *testing.T) {
	files := NewListing([]string{"cmd/main.go", "web/src/App.TSX", "docs/guide/intro.md", "Makefile"})
	cases := []struct {
		name, applyTo string
		want          []finding
	}{
		{"extension anywhere", "**/*.go", nil},
		{"relative pattern matches below any folder", "src/**/*.tsx", nil},
		{"case is ignored", "**/*.tsx", nil},
		{"braces", "**/*.{md,txt}", nil},
		{"everything", "**", nil},
		{"root-anchored", "/docs/**", nil},
		{"base name", "Makefile", nil},
		{"globstar before a root file", "**/Makefile", nil},
		{"globstars around a folder", "**/guide/**", nil},
		{"nothing matches", "**/*.rs", []finding{{"IN105", "note", `frontmatter.applyTo: pattern "**/*.rs" matches no file in this repository`}}},
		{"only the unmatched one of several", "**/*.go, **/*.py", []finding{{"IN105", "note", `"**/*.py"`}}},
		{"anchored elsewhere", "/src/**", []finding{{"IN105", "note", `"/src/**"`}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := CheckInstructions(".github/instructions/a.instructions.md", []byte("---\napplyTo: '"+tc.applyTo+"'\n---\nX.\n"))
			matchFindings(t, r.Diagnostics, nil)
			matchFindings(t, r.Unmatched(files), tc.want)
		})
	}
}

func TestSplitGlobAware(t *testing.T) {
	cases := map[string][]string{
		"a,b":                    {"a", "b"},
		"*.{ts,js},x":            {"*.{ts,js}", "x"},
		"[a,b]/*,y":              {"[a,b]/*", "y"},
		"a,":                     {"a"},
		"":                       nil,
		"a, ,b":                  {"a", " ", "b"},
		"**/*.{ts,tsx}, docs/**": {"**/*.{ts,tsx}", " docs/**"},
	}
	for in, want := range cases {
		got := splitGlobAware(in)
		if len(got) != len(want) {
			t.Errorf("%q: got %q, want %q", in, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%q: got %q, want %q", in, got, want)
			}
		}
	}
}

func TestPlacement(t *testing.T) {
	src := "---\napplyTo: '**'\ndescription: d\n---\nX.\n"
	cases := []struct {
		path string
		want []finding
	}{
		{".github/instructions/go.instructions.md", nil},
		{".github/instructions/lang/go/go.instructions.md", nil},
		{"instructions/go.instructions.md", []finding{{"IN111", "note", "not below .github/instructions/"}}},
		{"docs/.github/instructions/go.instructions.md", []finding{{"IN111", "note", "not below .github/instructions/"}}},
		{".github/prompts/p.prompt.md", nil},
		{".github/prompts/team/p.prompt.md", nil},
		{"prompts/p.prompt.md", []finding{{"PF109", "note", "not below .github/prompts/"}}},
	}
	for _, tc := range cases {
		t.Run(tc.path, func(t *testing.T) {
			got := CheckInstructions(tc.path, []byte(src)).Diagnostics
			if tc.path[len(tc.path)-len(".prompt.md"):] == ".prompt.md" {
				got = CheckPrompt(tc.path, []byte("---\ndescription: d\n---\nX.\n")).Diagnostics
			}
			matchFindings(t, got, tc.want)
		})
	}
}

// TestSuffixFastPathAgrees: the **/*.ext shortcut answers as the glob
// matcher does, file by file.
func TestSuffixFastPathAgrees(t *testing.T) {
	files := []string{"a/b.go", ".go", "x/.go", "c.gox", "d/e.go", "f.go/readme", "g.tar.go"}
	for _, p := range []string{"**/*.go", "**/*.gox", "**/*.tar.go", "**/*.md"} {
		for _, f := range files {
			l := NewListing([]string{f})
			fast, fw := l.scan(vscodePattern(p))
			slow, sw := l.scanSlow(vscodePattern(p))
			if fast != slow || fw != sw {
				t.Errorf("%s on %s: fast path %v (%q), glob %v (%q)", p, f, fast, fw, slow, sw)
			}
		}
	}
}

func TestRequiredLiteral(t *testing.T) {
	cases := map[string]string{
		"**/.copilot-tracking/pr/**": ".copilot-tracking/pr",
		"**/*.{ts,js}":               ".",
		"src/[ab]c/**/*.go":          "src/",
		"**":                         "",
		"**/docs/**/readme.md":       "readme.md",
		"**/*.ts":                    ".ts",
	}
	for p, want := range cases {
		if got := requiredLiteral(p); got != want {
			t.Errorf("%q: %q, want %q", p, got, want)
		}
	}
}

// TestWitnessesShareMatches: a listing holding the file another listing
// matched a pattern with matches it without a scan; one that lacks it
// scans, and a pattern no file matches stays unmatched.
func TestWitnessesShareMatches(t *testing.T) {
	w := NewWitnesses()
	first := NewListing([]string{"docs/Guide.md", "src/a.go"})
	first.Witnesses = w
	if !first.matchesAny("**/*.md") || first.matchesAny("**/*.py") {
		t.Fatal("first listing: want **/*.md matched and **/*.py not")
	}
	if got := w.get(vscodePattern("**/*.md")); got != "docs/guide.md" {
		t.Errorf("witness of **/*.md: %q, want docs/guide.md", got)
	}
	without := NewListing([]string{"src/a.go"})
	without.Witnesses = w
	if without.matchesAny("**/*.md") {
		t.Error("a listing without the witness (and without any .md) matched **/*.md")
	}
	// A listing with the witness answers from it: no scan of its files.
	same := &Listing{lower: []string{"docs/guide.md"}, seen: map[string]bool{}, Witnesses: w}
	same.set = map[string]bool{"docs/guide.md": true}
	same.setOnce.Do(func() {})
	same.lower = nil // a scan would now find nothing
	if !same.matchesAny("**/*.md") {
		t.Error("a listing holding the witness did not answer from it")
	}
	other := NewListing([]string{"notes/other.md"})
	other.Witnesses = w
	if !other.matchesAny("**/*.md") {
		t.Error("a listing with another .md file: **/*.md unmatched")
	}
}

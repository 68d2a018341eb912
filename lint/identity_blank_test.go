package lint

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// withBlankLines is text with five blank lines at its top or, when it
// opens with front matter (which every host reads only from line 1), at
// the top of the body right after the front matter's closing line; a file
// whose front matter never closes is all header and stays as it is.
func withBlankLines(text string) string {
	const blank = "\n\n\n\n\n"
	eol := "\n"
	if strings.Contains(text, "\r\n") {
		eol = "\r\n"
	}
	blanks := strings.ReplaceAll(blank, "\n", eol)
	if bom := "\uFEFF"; strings.HasPrefix(text, bom) {
		return bom + withBlankLines(text[len(bom):])
	}
	if strings.HasPrefix(text, "---"+eol) {
		rest := text[len("---"+eol):]
		if i := strings.Index(rest, eol+"---"+eol); i >= 0 {
			cut := len("---"+eol) + i + len(eol+"---"+eol)
			return text[:cut] + blanks + text[cut:]
		}
		return text // unclosed front matter: the whole file is its header
	}
	return blanks + text
}

// singlesTree gathers the single-file agent, prompt and instructions
// fixtures into one repository, each where a host looks for it.
func singlesTree(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, g := range []struct{ glob, dir string }{
		{"../testdata/agentfile/lint/*/*.agent.md", ".github/agents/"},
		{"../testdata/realworld/agents/*.agent.md", ".github/agents/rw/"},
		{"../testdata/realworld/prompts/*.md", ".github/prompts/"},
		{"../testdata/promptfile/*.prompt.md", ".github/prompts/"},
		{"../testdata/promptfile/*.instructions.md", ".github/instructions/"},
	} {
		ms, _ := filepath.Glob(g.glob)
		for _, m := range ms {
			b, err := os.ReadFile(m)
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Base(m)
			if kind := filepath.Base(filepath.Dir(m)); kind == "err" || kind == "ok" {
				name = kind + "-" + name
			}
			writeIdentityFile(t, root, g.dir+name, string(b))
		}
	}
	return root
}

// TestIdentityBlankLinesAtTop: five blank lines inserted at the top of
// every file (after the front matter where there is one) of the example
// repository, of every project fixture and of the single-file fixtures
// change no finding's identity.
func TestIdentityBlankLinesAtTop(t *testing.T) {
	var trees []string
	for _, g := range []string{"../testdata/squadstate/*", "../testdata/skill/*/*", "../testdata/agentfile/lint/projects/*",
		"../testdata/connector/manifest/projects/*", "../testdata/engine/*"} {
		ms, _ := filepath.Glob(g)
		trees = append(trees, ms...)
	}
	trees = append(trees, "../examples/acme", "singles")
	checked := 0
	for _, src := range trees {
		if src != "singles" {
			if st, err := os.Stat(src); err != nil || !st.IsDir() {
				continue
			}
		}
		if filepath.Base(src) == "ss104-line-number-gutter" {
			// Its lines start with their own numbers: blank lines above
			// them change what the file says, not where it says it.
			continue
		}
		checked++
		t.Run(filepath.Base(filepath.Dir(src))+"/"+filepath.Base(src), func(t *testing.T) {
			t.Parallel() // each tree is its own temporary copy
			var root string
			if src == "singles" {
				root = singlesTree(t)
			} else {
				root = t.TempDir()
				testtool.OverlayCase(t, filepath.Dir(src), filepath.Base(src), root)
			}
			before := identities(lintIdentity(t, root))
			err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() || strings.HasSuffix(p, ".squadci.yml") {
					return err
				}
				b, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				return os.WriteFile(p, []byte(withBlankLines(string(b))), 0o644)
			})
			if err != nil {
				t.Fatal(err)
			}
			after := identities(lintIdentity(t, root))
			if len(before) == 0 {
				t.Skip("no findings")
			}
			if gone, came := diffMultiset(before, after); len(gone)+len(came) > 0 {
				sort.Strings(gone)
				sort.Strings(came)
				t.Errorf("identities changed:\n gone: %v\n came: %v", gone, came)
			}
		})
	}
	if checked < 50 {
		t.Errorf("only %d fixture trees checked", checked)
	}
}

// diffMultiset is what a has and b lacks, and what b has and a lacks.
func diffMultiset(a, b []string) (onlyA, onlyB []string) {
	n := map[string]int{}
	for _, s := range a {
		n[s]++
	}
	for _, s := range b {
		n[s]--
	}
	for s, k := range n {
		for ; k > 0; k-- {
			onlyA = append(onlyA, s)
		}
		for ; k < 0; k++ {
			onlyB = append(onlyB, s)
		}
	}
	return onlyA, onlyB
}

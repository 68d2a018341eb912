package promptfile

import (
	"fmt"
	"net/url"
	"path"
	"regexp"
	"strings"
	"sync"

	"github.com/squadci/squadci/lint/diag"
)

// FileRef is a file the body refers to, resolved against the repository
// root, and where the reference is.
type FileRef struct {
	Written, Resolved string
	Span              diag.Span
}

// bodyRefPatterns are VS Code's body references (promptFileParser.ts,
// PromptBody): Markdown links [text](target) that are not images, and
// #file:target.
var bodyRefPatterns = sync.OnceValues(func() (*regexp.Regexp, *regexp.Regexp) {
	return regexp.MustCompile(`\[(.*?)\]\((.+?)\)`), regexp.MustCompile(`(?i)#file:([^\s#]+)`)
})

// bodyRefs finds the file references of the body of the file at p, line by
// line as VS Code scans them, and resolves the ones it checks.
func bodyRefs(p string, src []byte, from int) []FileRef {
	link, file := bodyRefPatterns()
	var out []FileRef
	fence := ""
	for start := from; start < len(src); {
		end := start
		for end < len(src) && src[end] != '\n' {
			end++
		}
		line := string(src[start:end])
		lineStart := start
		start = end + 1
		if fence = fenceState(fence, line); fence != "" || isFence(line) {
			continue
		}
		hasLink, hasFile := strings.Contains(line, "]("), containsFold(line, "#file:")
		if !hasLink && !hasFile {
			continue // the common line: no regexp run at all
		}
		code := codeSpans(line)
		var links [][]int
		for _, m := range findAll(link, line, hasLink) {
			links = append(links, m[:2])
			if (m[0] > 0 && line[m[0]-1] == '!') || touchesAny(code, m[0], m[0]) || touchesAny(code, m[4], m[4]) {
				continue // an image, or an example in code
			}
			out = appendRef(out, p, line[m[4]:m[5]], lineStart+m[4], lineStart+m[5])
		}
		for _, m := range findAll(file, line, hasFile) {
			if !touchesAny(links, m[0], m[1]) && !touchesAny(code, m[0], m[0]) {
				out = appendRef(out, p, line[m[2]:m[3]], lineStart+m[2], lineStart+m[3])
			}
		}
	}
	return out
}

// isFence reports a code fence line: ``` or ~~~ after up to three spaces.
func isFence(line string) bool {
	t := strings.TrimLeft(line, " ")
	return len(line)-len(t) <= 3 && (strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"))
}

// fenceState is the open fence's marker after line ("" outside fences).
func fenceState(open, line string) string {
	if !isFence(line) {
		return open
	}
	t := strings.TrimLeft(line, " ")
	marker := t[:3]
	switch {
	case open == "":
		return marker
	case marker == open && strings.TrimSpace(strings.TrimLeft(t, marker[:1])) == "":
		return ""
	}
	return open
}

// codeSpans are the byte ranges of a line's inline code (`...`), with
// their backticks.
func codeSpans(line string) [][]int {
	var out [][]int
	for i := 0; i < len(line); i++ {
		if line[i] != '`' {
			continue
		}
		j := strings.IndexByte(line[i+1:], '`')
		if j < 0 {
			break
		}
		out = append(out, []int{i, i + 1 + j})
		i += 1 + j
	}
	return out
}

func touchesAny(ranges [][]int, s, e int) bool {
	for _, r := range ranges {
		if s <= r[1] && r[0] <= e {
			return true
		}
	}
	return false
}

// appendRef resolves one reference relative to the file's folder, as VS
// Code does, and keeps it when squadci can check it: not a URL, not an
// absolute path (VS Code reads those on the local disk), not a bare
// #anchor, not a template placeholder ({{x}}, ${x}), and inside the
// repository. A title ("...") and a #fragment or
// ?query are not part of the file name.
func appendRef(out []FileRef, p, written string, s, e int) []FileRef {
	t := strings.TrimSpace(written)
	if i := strings.Index(t, ` "`); i > 0 {
		t = t[:i]
	}
	t = strings.TrimSuffix(strings.TrimPrefix(t, "<"), ">")
	if i := strings.IndexAny(t, "#?"); i >= 0 {
		t = t[:i]
	}
	if dec, err := url.PathUnescape(t); err == nil {
		t = dec
	}
	if t == "" || strings.HasPrefix(t, "/") || strings.ContainsAny(t, ":{}$") {
		return out
	}
	resolved := path.Clean(path.Join(path.Dir(p), t))
	if resolved == ".." || strings.HasPrefix(resolved, "../") {
		return out
	}
	return append(out, FileRef{Written: written, Resolved: resolved, Span: diag.Span{Start: s, End: e}})
}

// Tree is the repository's files and the folders that hold them, for
// reference checks.
type Tree struct{ paths map[string]bool }

// NewTree indexes files (root-relative, '/'-separated) and their folders.
func NewTree(files []string) *Tree {
	t := &Tree{paths: map[string]bool{".": true}}
	for _, f := range files {
		for p := f; p != "." && !t.paths[p]; p = path.Dir(p) {
			t.paths[p] = true
		}
	}
	return t
}

// missingRefs reports the references that name nothing in the tree.
func missingRefs(r *diag.Rule, file string, refs []FileRef, tree *Tree) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, ref := range refs {
		if tree.paths[ref.Resolved] {
			continue
		}
		hint := ""
		if t := strings.TrimRight(ref.Resolved, ".,;:)"); t != ref.Resolved && tree.paths[t] {
			hint = fmt.Sprintf(" (VS Code reads the trailing %q as part of the name)", ref.Resolved[len(t):])
		}
		out = append(out, r.At(file, ref.Span,
			"body: file reference %s resolves to %s, which is not in this repository%s; VS Code warns that it is not found and attaches nothing",
			shown(ref.Written), shown(ref.Resolved), hint))
	}
	return out
}

// findAll runs re over line only when the cheap test said it may match.
func findAll(re *regexp.Regexp, line string, may bool) [][]int {
	if !may {
		return nil
	}
	return re.FindAllStringSubmatchIndex(line, -1)
}

// containsFold reports whether line contains needle, which starts with a
// byte that has no case ('#'), in any case.
func containsFold(line, needle string) bool {
	for i := strings.IndexByte(line, needle[0]); i >= 0; {
		if i+len(needle) <= len(line) && strings.EqualFold(line[i:i+len(needle)], needle) {
			return true
		}
		j := strings.IndexByte(line[i+1:], needle[0])
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

package skill

import (
	"bytes"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleReference = diag.Register(diag.Rule{
	ID: "SK107", Name: "skill-reference-missing", Severity: diag.SeverityWarning, Domain: "skill",
	Short: "A file the skill's instructions point to does not exist",
	Full: "A skill's instructions point the agent at its resources by relative path from the skill's " +
		"directory (agentskills.io specification, \"File references\"): Markdown links such as " +
		"[guide](references/guide.md) and paths such as `scripts/extract.py`. A link whose file is missing is " +
		"reported the way VS Code's validator reports it (promptValidator validateBody: \"File not found\", a " +
		"warning): every relative link target outside code fences and inline code that stays inside the " +
		"repository, anchors and query strings removed. URLs, absolute paths, anchors and placeholders are " +
		"not references. A path in backticks counts only when it starts with scripts/, references/, assets/, " +
		"templates/ or examples/, has a file extension, and that directory exists in the skill: otherwise it " +
		"is more likely a path in the user's project the skill talks about." + ownership,
	Help:     "fix the path, or add the file to the skill's directory",
	Consumer: "the agent follows the instruction to a file that is not there (VS Code's validator warns \"File not found\")",
	Since:    "Agent Skills specification",
})

// resourceDirs are the skill directories a backticked path may point into.
var resourceDirs = []string{"scripts", "references", "assets", "templates", "examples"}

var (
	inlineLink = regexp.MustCompile(`!?\[[^\]]*\]\(\s*(<[^>]*>|[^\s)]+)`)
	refDef     = regexp.MustCompile(`^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)`)
	scheme     = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)
	// resourcePath is a backticked path into a skill's conventional
	// resource directories: `scripts/x.py`, `./references/y.md`.
	resourcePath = regexp.MustCompile(`^(?:\./)?((?:` + strings.Join(resourceDirs, "|") + `)/[A-Za-z0-9._/-]*[A-Za-z0-9_-]\.[A-Za-z0-9]{1,8})$`)
)

// references checks the files the body points to.
func (c *check) references(md *source.Markdown) {
	if c.ctx.Exists == nil {
		return
	}
	for _, l := range md.Lines {
		if l.Kind != source.LineText && l.Kind != source.LineHeading && l.Kind != source.LineTable {
			continue
		}
		if l.Span.Start < c.front.Body {
			continue
		}
		c.lineReferences(l.Span)
	}
}

// lineReferences checks one line: links outside inline code, and resource
// paths inside it.
func (c *check) lineReferences(span diag.Span) {
	text := c.src[span.Start:span.End]
	masked, codes := maskCode(text)
	// The link patterns need "](" or "]:"; most lines have neither, and the
	// regexp engine is the cost of a whole-repository run without this test.
	if bytes.Contains(masked, []byte("](")) {
		for _, m := range inlineLink.FindAllSubmatchIndex(masked, -1) {
			c.link(string(text[m[2]:m[3]]), diag.Span{Start: span.Start + m[2], End: span.Start + m[3]})
		}
	}
	if bytes.Contains(masked, []byte("]:")) {
		if m := refDef.FindSubmatchIndex(masked); m != nil {
			c.link(string(text[m[2]:m[3]]), diag.Span{Start: span.Start + m[2], End: span.Start + m[3]})
		}
	}
	for _, cs := range codes {
		c.resource(string(text[cs.Start:cs.End]), diag.Span{Start: span.Start + cs.Start, End: span.Start + cs.End})
	}
}

// link checks one link target.
func (c *check) link(target string, span diag.Span) {
	target = strings.TrimSuffix(strings.TrimPrefix(target, "<"), ">")
	if i := strings.IndexAny(target, "#?"); i >= 0 {
		target = target[:i]
	}
	if target == "" || scheme.MatchString(target) || strings.HasPrefix(target, "/") || strings.HasPrefix(target, "~") ||
		strings.ContainsAny(target, "{}$<>*|\\") {
		return
	}
	decoded, err := url.PathUnescape(target)
	if err != nil || !strings.ContainsAny(decoded, "./") || placeholder(decoded) {
		return // a bare word ([text](url)) or a placeholder is an example, not a file
	}
	rel := path.Join(path.Dir(c.path), decoded)
	if rel == ".." || strings.HasPrefix(rel, "../") || c.ctx.Exists(rel) {
		return
	}
	c.report(ruleReference, span, 0, "link target %s does not exist (looked for %s)", quoteName(target), rel)
}

// resource checks one inline code span that names a skill resource.
func (c *check) resource(code string, span diag.Span) {
	if !resourceLike(code) {
		return // most inline code is no path: skip the regexp
	}
	m := resourcePath.FindStringSubmatch(code)
	if m == nil || strings.Contains(m[1], "..") || strings.Contains(m[1], "//") || placeholder(m[1]) {
		return
	}
	dir := path.Dir(c.path)
	top := strings.SplitN(m[1], "/", 2)[0]
	if !c.ctx.Exists(path.Join(dir, top)) || c.ctx.Exists(path.Join(dir, m[1])) {
		return
	}
	c.report(ruleReference, span, 0, "%s names no file in the skill (looked for %s)", quoteName(code), path.Join(dir, m[1]))
}

// resourceLike is resourcePath's prefix, tested without the regexp.
func resourceLike(code string) bool {
	code = strings.TrimPrefix(code, "./")
	for _, d := range resourceDirs {
		if strings.HasPrefix(code, d+"/") {
			return true
		}
	}
	return false
}

// maskCode returns the line with its inline code spans blanked, and the
// spans' contents (without the backticks), as CommonMark pairs them: a
// run of n backticks closes at the next run of exactly n.
func maskCode(line []byte) ([]byte, []diag.Span) {
	masked := append([]byte(nil), line...)
	var codes []diag.Span
	for i := 0; i < len(line); {
		if line[i] != '`' {
			i++
			continue
		}
		n := run(line, i)
		end := closing(line, i+n, n)
		if end < 0 {
			i += n
			continue
		}
		codes = append(codes, trimSpan(line, i+n, end))
		for k := i; k < end+n; k++ {
			masked[k] = ' '
		}
		i = end + n
	}
	return masked, codes
}

// run is the length of the backtick run at i.
func run(b []byte, i int) int {
	n := 0
	for i+n < len(b) && b[i+n] == '`' {
		n++
	}
	return n
}

// closing finds the next run of exactly n backticks from i, or -1.
func closing(b []byte, i, n int) int {
	for i < len(b) {
		if b[i] != '`' {
			i++
			continue
		}
		if m := run(b, i); m == n {
			return i
		} else {
			i += m
		}
	}
	return -1
}

// trimSpan drops one leading and trailing space of a code span's content.
func trimSpan(b []byte, start, end int) diag.Span {
	if end-start >= 2 && b[start] == ' ' && b[end-1] == ' ' {
		start, end = start+1, end-1
	}
	return diag.Span{Start: start, End: end}
}

// placeholders are file names that stand for "some file" in prose
// ("references/filename.md").
var placeholders = []string{"filename", "file-name", "file_name", "file", "foo", "bar", "baz", "xxx", "placeholder", "path", "name"}

// placeholder reports a path whose file name is a placeholder, or starts
// with your- / my- ("your-script.py").
func placeholder(p string) bool {
	stem := strings.ToLower(strings.TrimSuffix(path.Base(p), path.Ext(p)))
	return slices.Contains(placeholders, stem) || strings.HasPrefix(stem, "your") || strings.HasPrefix(stem, "my-") || strings.HasPrefix(stem, "my_")
}

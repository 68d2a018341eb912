package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleGitattributes = diag.Register(diag.Rule{
	ID: "SS250", Name: "squad-gitattributes", Severity: diag.SeverityWarning, Domain: "squad",
	Short: ".gitattributes lacks Squad's union-merge rules or union-merges casting",
	Full: "Squad adds merge=union for the append-only files (decisions.md, agents/*/history.md, log/**, " +
		"orchestration-log/**: upgrade's ensureGitattributes set) so parallel branches merge without " +
		"conflicts; rai/audit-trail.md and fact-checker/audit-trail.md, which the SDK's init also lists, are " +
		"required once those files exist. .squad/casting/ is identity and must never be union-merged.",
	Help: "add the missing lines (squad init or upgrade writes them); remove any .squad/casting union rule",

	Consumer: "parallel branches conflict on Squad's append-only files (or union-merge the casting identity files)",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1 (upgrade.js ensureGitattributes)",
	Fixable:  true,
	Repair:   "appends the missing merge=union lines in the file's own line ending, as squad upgrade does; a casting union rule is left for you to delete.",
})

var ruleGitignore = diag.Register(diag.Rule{
	ID: "SS251", Name: "squad-gitignore", Severity: diag.SeverityWarning, Domain: "squad",
	Short: ".gitignore lacks Squad's runtime directories or ignores casting",
	Full: ".squad/log/, .squad/orchestration-log/, .squad/decisions/inbox/ and .squad/sessions/ are runtime " +
		"state and are git-ignored; .squad/casting/ is identity, committed to main, and must not be ignored. " +
		"A line ignoring a parent directory (.squad/) covers them, as git and squad upgrade read it " +
		"(upgrade.js isAlreadyCoveredByParent); it still ignores casting.",
	Help: "add the missing ignore lines; remove the .squad/casting ignore",

	Consumer: "git commits Squad's runtime state (logs, inbox, sessions) with the next git add, or leaves the " +
		"casting identity uncommitted so another clone recasts the team: both are fixed today",
	Since: "Squad CLI 0.10.0 / SDK 0.13.1 (upgrade.js ensureGitignore)",
})

// unionRules are Squad's required set (upgrade's ensureGitattributes);
// auditTrails are the union rules the SDK's init adds as well, needed only
// once those files exist.
var (
	unionRules  = []string{".squad/decisions.md", ".squad/agents/*/history.md", ".squad/log/**", ".squad/orchestration-log/**"}
	auditTrails = []string{".squad/rai/audit-trail.md", ".squad/fact-checker/audit-trail.md"}
)

var ignoredDirs = []string{".squad/log/", ".squad/orchestration-log/", ".squad/decisions/inbox/", ".squad/sessions/"}

func checkGitFiles(c *checker, t *squadTeam) {
	if len(c.under(squadDir)) == 0 {
		return
	}
	checkGitattributes(c)
	checkGitignore(c)
}

func checkGitattributes(c *checker) {
	d := c.doc(".gitattributes")
	if d == nil {
		at := c.firstSquadDoc()
		c.report(ruleGitattributes.At(at.path, at.head(), "the repository has no .gitattributes with Squad's merge=union rules").AboutFile(".gitattributes"))
		return
	}
	have := map[string]bool{}
	for _, l := range lines(d) {
		f := strings.Fields(l.text)
		if len(f) < 2 || strings.HasPrefix(f[0], "#") {
			continue
		}
		union := isOneOf("merge=union", f[1:])
		pat := strings.TrimPrefix(f[0], "/")
		if union {
			have[pat] = true
		}
		if union && strings.HasPrefix(pat, ".squad/casting") {
			c.report(ruleGitattributes.At(d.path, l.span, "%s union-merges casting state; .squad/casting/ is identity and must merge normally", pat))
		}
	}
	var missing []string
	for _, r := range unionRules {
		if !have[r] {
			missing = append(missing, r+" merge=union")
		}
	}
	for _, r := range auditTrails {
		if !have[r] && c.exists(r) {
			missing = append(missing, r+" merge=union")
		}
	}
	if len(missing) > 0 {
		c.report(ruleGitattributes.At(d.path, d.head(), ".gitattributes lacks %s", strings.Join(missing, ", ")).AboutFile(d.path).
			WithFix(appendLines(d.src, missing)))
	}
}

// appendLines is the fix that adds lines at the end of src in the file's
// own line ending, keeping a missing final newline missing.
func appendLines(src []byte, lines []string) *diag.Fix {
	eol := source.LineEnding(src)
	text := strings.Join(lines, eol)
	switch {
	case len(src) == 0:
		text += eol
	case src[len(src)-1] == '\n':
		text += eol
	default:
		text = eol + text
	}
	return diag.Replace(diag.Span{Start: len(src), End: len(src)}, text)
}

func checkGitignore(c *checker) {
	d := c.doc(".gitignore")
	if d == nil {
		at := c.firstSquadDoc()
		c.report(ruleGitignore.At(at.path, at.head(), "the repository has no .gitignore ignoring Squad's runtime directories").AboutFile(".gitignore"))
		return
	}
	have := map[string]bool{}
	var parents []string
	for _, l := range lines(d) {
		p := strings.TrimPrefix(strings.TrimSpace(l.text), "/")
		if p == "" || strings.HasPrefix(p, "#") || strings.HasPrefix(p, "!") {
			continue
		}
		have[strings.TrimSuffix(p, "/")+"/"] = true
		have[strings.TrimSuffix(strings.TrimSuffix(p, "**"), "/")+"/"] = true
		parents = append(parents, strings.TrimSuffix(p, "/")+"/")
		if strings.HasPrefix(p, ".squad/casting") || p == ".squad/" || p == ".squad" || p == ".squad/*" {
			c.report(ruleGitignore.At(d.path, l.span, "%s ignores .squad/casting/, which is identity and must be committed", quote(p)))
		}
	}
	var missing []string
	for _, r := range ignoredDirs {
		if !have[r] && !coveredByParent(r, parents) {
			missing = append(missing, r)
		}
	}
	if len(missing) > 0 {
		c.report(ruleGitignore.At(d.path, d.head(), ".gitignore does not ignore %s", strings.Join(missing, ", ")).AboutFile(d.path))
	}
}

// coveredByParent reports whether an ignored directory sits below one a
// .gitignore line already ignores (".squad/" covers ".squad/log/"): git
// ignores everything below an ignored directory, and squad upgrade's
// ensureGitignore (isAlreadyCoveredByParent) then adds nothing.
func coveredByParent(dir string, parents []string) bool {
	for _, p := range parents {
		if p != dir && strings.HasPrefix(dir, p) {
			return true
		}
	}
	return false
}

// lines splits a text file into lines with their spans.
func lines(d *doc) []spanText {
	var out []spanText
	start := 0
	for i := 0; i <= len(d.src); i++ {
		if i < len(d.src) && d.src[i] != '\n' {
			continue
		}
		end := i
		if end > start && d.src[end-1] == '\r' {
			end--
		}
		out = append(out, spanText{string(d.src[start:end]), diag.Span{Start: start, End: end}})
		start = i + 1
	}
	return out
}

package squadstate

import (
	"path"
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleTeamRootAbsolute = diag.Register(diag.Rule{
	ID: "SS204", Name: "squad-team-root-absolute", Severity: diag.SeverityWarning, Domain: "squad",
	Short: "config.json teamRoot is an absolute path",
	Full: "teamRoot is resolved relative to the project root (the parent of .squad/); an absolute path is " +
		"machine-local and breaks for every other clone (squad doctor warns).",
	Help: "write teamRoot relative to the project root, e.g. \"../team-repo\"",

	Consumer: "squad doctor warns; the team root resolves on this machine only and breaks every other clone",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

var ruleTeamRootMissing = diag.Register(diag.Rule{
	ID: "SS205", Name: "squad-team-root-missing", Severity: diag.SeverityError, Domain: "squad",
	Short: "config.json teamRoot does not lead to a team",
	Full: "In remote mode the team identity lives at teamRoot, resolved from the project root: that " +
		"directory must hold .squad/ or team.md (squad doctor fails otherwise). Only paths inside the " +
		"repository being linted are checked.",
	Help: "point teamRoot at the team repository's directory, or run `squad link` again",

	Consumer: "squad doctor fails: in remote mode the team identity cannot be found",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

func checkTeamRoot(c *checker, t *squadTeam) {
	if t.config == nil {
		return
	}
	v := t.config.Get("teamRoot")
	if v == nil || v.Str == "" || v.Kind != source.KindString {
		return
	}
	d := t.cfgDoc
	if isAbsPath(v.Str) {
		c.report(ruleTeamRootAbsolute.At(d.path, v.Span, "teamRoot %s is absolute; make it relative to the project root", quote(v.Str)))
		return
	}
	dir := path.Clean(strings.ReplaceAll(v.Str, "\\", "/"))
	if dir == ".." || strings.HasPrefix(dir, "../") {
		return // outside the repository: not ours to read
	}
	prefix := dir + "/"
	if dir == "." {
		prefix = ""
	}
	if len(c.under(prefix+".squad/")) == 0 && !c.exists(prefix+"team.md") {
		c.report(ruleTeamRootMissing.At(d.path, v.Span, "teamRoot %s holds neither .squad/ nor team.md", quote(v.Str)))
	}
}

// isAbsPath recognises POSIX, UNC and drive-letter absolute paths.
func isAbsPath(p string) bool {
	return strings.HasPrefix(p, "/") || strings.HasPrefix(p, "\\") ||
		len(p) >= 2 && p[1] == ':' && (p[0] >= 'A' && p[0] <= 'Z' || p[0] >= 'a' && p[0] <= 'z')
}

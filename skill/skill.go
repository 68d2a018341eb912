package skill

import (
	"path"
	"slices"
	"strings"

	"github.com/squadci/squadci/agentfile"
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
	"gopkg.in/yaml.v3"
)

// FileName is the one file name that makes a directory a skill.
const FileName = "SKILL.md" // matched ignoring case, as VS Code matches it

// IsSkillFile reports whether a repository path may be a skill: a
// SKILL.md with a directory named skills above its own directory
// (.github/skills/x/SKILL.md, .claude/skills/x/SKILL.md, a plugin's
// skills/x/SKILL.md, or hve-core's grouped .github/skills/group/x/SKILL.md,
// which its chat.agentSkillsLocations loads). One below a templates/
// directory (Squad's .squad/templates/skills/, its packages' templates/,
// its own repository's .squad-templates/)
// is a template copied elsewhere, not a skill where it stands: no host
// loads it there and its links are written for where it is installed.
// InsideSkill then drops the SKILL.md files that are another skill's
// resources.
func IsSkillFile(p string) bool {
	if !strings.EqualFold(path.Base(p), FileName) { // VS Code: case-insensitive
		return false
	}
	parts := strings.Split(p, "/")
	above := parts[:max(len(parts)-2, 0)]
	return slices.Contains(above, "skills") && !slices.ContainsFunc(above, isTemplates)
}

// isTemplates reports a directory of templates: templates/, or the
// Squad repository's .squad-templates/.
func isTemplates(dir string) bool { return dir == "templates" || strings.HasSuffix(dir, "-templates") }

// InsideSkill reports whether the SKILL.md at p sits inside another
// skill's directory (skills/qdrant-scaling/scaling-qps/SKILL.md beside
// skills/qdrant-scaling/SKILL.md): hosts find skills as <location>/*/SKILL.md
// (VS Code findAgentSkillsInFolder), so such a file is one of the outer
// skill's resources, read when its instructions link to it, and no skill
// of its own.
func InsideSkill(p string, exists func(rel string) bool) bool {
	parts := strings.Split(p, "/")
	for i := len(parts) - 3; i > 0 && parts[i] != "skills"; i-- {
		if exists(strings.Join(parts[:i+1], "/") + "/" + FileName) {
			return true
		}
	}
	return false
}

// Context is what Inspect needs from the repository.
type Context struct {
	// Exists reports whether a repository-relative file, or a directory
	// holding files, exists; nil means references are not checked.
	Exists func(rel string) bool
	// SquadRepo says the repository has a squad (.squad/team.md): then
	// Squad's shipped skills in .github/skills and .copilot/skills are
	// vendor files.
	SquadRepo bool
	// SquadScans reports a file the squad-state rules scan for
	// credentials (SS002), which SK108 then leaves alone; nil means none.
	SquadScans func(rel string) bool
}

// Inspect checks one SKILL.md at repository path p.
func Inspect(p string, src []byte, ctx Context) []diag.Diagnostic {
	c := &check{path: p, src: src, ctx: ctx, dir: path.Base(path.Dir(p))}
	c.owner = ownerOf(p, c.dir, ctx.SquadRepo)
	c.run()
	return c.out
}

// check is one file under check.
type check struct {
	path, dir string
	src       []byte
	ctx       Context
	owner     owner
	front     *agentfile.Front
	keys      map[string]keyValue // top-level keys by name, first occurrence
	out       []diag.Diagnostic
}

// keyValue is one top-level frontmatter entry.
type keyValue struct{ k, v *yaml.Node }

func (c *check) run() {
	c.credentials()
	if c.frontmatter() {
		c.name()
		c.nameMatchesDirectory()
		c.description()
		c.fieldTypes()
		c.unknownKeys()
	}
	if c.front != nil { // the body's links count even under a broken header
		c.references(source.ParseMarkdown(c.src))
	}
}

// report adds one finding at severity sev (the rule's default when zero),
// capped by who owns the file.
func (c *check) report(r *diag.Rule, span diag.Span, sev diag.Severity, format string, args ...any) {
	d := r.At(c.path, span, format, args...)
	if sev != diag.SeverityOff {
		d.Severity = sev
	}
	c.out = append(c.out, c.owner.cap(d))
}

// spanOf is a node's extent in the file.
func (c *check) spanOf(n *yaml.Node) diag.Span { return c.front.Span(n) }

// value returns the top-level value of key, or nil.
func (c *check) value(key string) *yaml.Node {
	if kv, ok := c.keys[key]; ok {
		return kv.v
	}
	return nil
}

package squadstate

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/squadci/squadci/lint/diag"
)

var ruleSkillLayout = diag.Register(diag.Rule{
	ID: "SS247", Name: "squad-skill-layout", Severity: diag.SeverityError, Domain: "squad",
	Short: "a skill is nested too deep, badly named, or empty",
	Full: "Squad loads skills from .squad/skills/, .github/skills/, .copilot/skills/, .claude/skills/ and " +
		".agents/skills/, exactly one level deep: <dir>/<name>/SKILL.md with a non-empty body. A SKILL.md " +
		"nested deeper is ignored, and a name with control characters or \"..\" is skipped.",
	Help: "move the skill to <skills dir>/<name>/SKILL.md and give it a body",

	Consumer: "the Squad skill loader ignores the skill: nested too deep, unsafe name or empty body",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

var ruleSkillFrontMatter = diag.Register(diag.Rule{
	ID: "SS248", Name: "squad-skill-front-matter", Severity: diag.SeverityNote, Domain: "squad",
	Short: "a skill's front matter disagrees with its directory or enumerations",
	Full: "Front matter is optional; when present, name equals the directory name (ignoring case), " +
		"description is present and confidence is low, medium or high. The skill loader never reads " +
		"confidence, so a value outside the scale is a note. While the skills kind is checked (kinds.skills, " +
		"on by default) the skill rules SK102–SK104 report name and description for every skill, and this " +
		"rule keeps to confidence.",
	Help: "match name to the directory and use a known confidence",

	Consumer: "nothing breaks (a note): the Squad SDK's skill loader never reads confidence; shipped skills " +
		"are rewritten by squad upgrade",
	Since: "Squad CLI 0.10.0 / SDK 0.13.1",
})

var ruleSkillDuplicate = diag.Register(diag.Rule{
	ID: "SS249", Name: "squad-skill-duplicate", Severity: diag.SeverityWarning, Domain: "squad",
	Short: "the same skill exists in two skill directories",
	Full: "Skill names are deduplicated ignoring case across the five directories, and only one copy is " +
		"used. Which one depends on the installed coordinator's precedence (the CLI 0.10 template ranks " +
		".squad/skills, .copilot/skills, .github/skills, .claude/skills, .agents/skills). `squad init` installs " +
		"its skills in .github/skills and `squad upgrade` copies them to .copilot/skills, so a duplicate " +
		"across exactly those two directories is Squad's own and a note.",
	Help: "keep one copy, in the directory that should win",

	Consumer: "nothing breaks: the coordinator deduplicates skills by name; squad upgrade itself installs the second copy",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

func checkSkills(c *checker, t *squadTeam) {
	first := map[string]string{}
	for _, dir := range skillDirs {
		for _, p := range c.under(dir) {
			rest := strings.TrimPrefix(p, dir)
			parts := strings.Split(rest, "/")
			if parts[len(parts)-1] != "SKILL.md" {
				continue
			}
			if len(parts) != 2 {
				c.report(ruleSkillLayout.At(p, diag.Span{}, "SKILL.md is nested %d levels below %s; skills are <name>/SKILL.md and deeper ones are ignored", len(parts)-1, dir))
				continue
			}
			name := parts[0]
			if name == ".." || strings.IndexFunc(name, unicode.IsControl) >= 0 {
				c.report(ruleSkillLayout.At(p, diag.Span{}, "skill directory name %s is skipped by the loader", quote(name)))
				continue
			}
			if f, dup := first[strings.ToLower(name)]; dup {
				c.report(skillDuplicate(p, f, name))
			} else {
				first[strings.ToLower(name)] = p
			}
			if d := c.doc(p); d != nil {
				checkSkillFile(c, d, name)
			}
		}
	}
}

func checkSkillFile(c *checker, d *doc, name string) {
	md := d.markdown()
	body := d.src
	if md.Front != nil {
		body = d.src[md.Front.Span.End:]
	}
	if strings.TrimSpace(string(body)) == "" {
		c.report(ruleSkillLayout.At(d.path, d.head(), "SKILL.md has no body; the loader skips an empty skill"))
	}
	if md.Front == nil {
		return
	}
	// While the skill rules run they report name and description (SK102–SK104).
	if n := md.Front.Get("name"); !c.repo.SkillsChecked && n != nil && !strings.EqualFold(n.Value, name) {
		c.report(ruleSkillFrontMatter.At(d.path, n.ValueSpan, "name %s differs from the directory %s", quote(n.Value), quote(name)))
	}
	if !c.repo.SkillsChecked && md.Front.Get("description") == nil {
		c.report(ruleSkillFrontMatter.At(d.path, md.Front.Span, "the front matter has no description"))
	}
	if cf := md.Front.Get("confidence"); cf != nil && !isOneOf(cf.Value, []string{"low", "medium", "high"}) {
		// The skill loader never reads confidence (only the coordinator's
		// prose lifecycle uses the scale), and Squad ships a skill outside
		// it: a note.
		f := ruleSkillFrontMatter.At(d.path, cf.ValueSpan, "confidence %s is not low, medium or high (the skill loader does not read it)", quote(cf.Value))
		f.Severity = diag.SeverityNote
		c.report(f)
	}
}

// squadSkillDirs are where Squad itself installs its shipped skills: init
// (SDK templates) into .github/skills, upgrade (CLI templates) into
// .copilot/skills.
var squadSkillDirs = [2]string{".github/skills/", ".copilot/skills/"}

// skillDuplicate reports the copy at p of a skill first seen at first,
// without claiming which copy wins: that depends on the coordinator.
func skillDuplicate(p, first, name string) diag.Diagnostic {
	d := ruleSkillDuplicate.At(p, diag.Span{}, "skill %s is also %s; Squad uses only one copy (which one depends on the coordinator's skill precedence)", quote(name), first)
	if strings.HasPrefix(first, squadSkillDirs[0]) && strings.HasPrefix(p, squadSkillDirs[1]) {
		d.Message = fmt.Sprintf("skill %s is also %s: `squad init` installs skills there and `squad upgrade` copies them here; Squad uses only one copy", quote(name), first)
		d.Severity = diag.SeverityNote
	}
	return d
}

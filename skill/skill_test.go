package skill

import "testing"

func TestIsSkillFile(t *testing.T) {
	for _, tc := range []struct {
		path string
		want bool
	}{
		{".github/skills/pdf/SKILL.md", true},
		{".claude/skills/pdf/SKILL.md", true},
		{".agents/skills/pdf/SKILL.md", true},
		{".squad/skills/pdf/SKILL.md", true},
		{".copilot/skills/pdf/SKILL.md", true},
		{"skills/pdf/SKILL.md", true},                   // a plugin's skills
		{"plugins/x/skills/pdf/SKILL.md", true},         // a plugin below the root
		{".github/skills/group/pdf/SKILL.md", true},     // grouped, as hve-core loads them
		{"skills/SKILL.md", false},                      // no skill directory
		{"docs/pdf/SKILL.md", false},                    // no skills/ above
		{".github/skills/pdf/skill.md", true},           // VS Code matches SKILL.md ignoring case
		{".github/skills/pdf/README.md", false},         // not a skill file
		{".squad/templates/skills/pdf/SKILL.md", false}, // Squad's template copies
		{"packages/a/templates/skills/pdf/SKILL.md", false},
		{".squad-templates/skills/pdf/SKILL.md", false},
		{"skills-test/pdf/SKILL.md", false}, // skills-test is no skills/ directory
	} {
		if got := IsSkillFile(tc.path); got != tc.want {
			t.Errorf("IsSkillFile(%q) = %v, want %v", tc.path, got, tc.want)
		}
	}
}

func TestInsideSkill(t *testing.T) {
	files := map[string]bool{
		"skills/outer/SKILL.md":           true,
		".github/skills/group/x/SKILL.md": true,
	}
	exists := func(p string) bool { return files[p] }
	for _, tc := range []struct {
		path string
		want bool
	}{
		{"skills/outer/part/SKILL.md", true},
		{"skills/outer/part/deeper/SKILL.md", true},
		{"skills/outer/SKILL.md", false},
		{".github/skills/group/x/SKILL.md", false}, // group/ holds no SKILL.md
		{".github/skills/other/SKILL.md", false},
	} {
		if got := InsideSkill(tc.path, exists); got != tc.want {
			t.Errorf("InsideSkill(%q) = %v, want %v", tc.path, got, tc.want)
		}
	}
}

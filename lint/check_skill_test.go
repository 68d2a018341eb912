package lint

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/report"
)

// badSkill names itself unlike its directory and has no description.
const badSkill = "---\nname: other-name\n---\n\nBody.\n"

func rulesIn(fs []report.Finding, prefix string) []string {
	var out []string
	for _, f := range fs {
		if strings.HasPrefix(f.Rule, prefix) {
			out = append(out, f.Path+" "+f.Rule+" "+f.Severity.String())
		}
	}
	slices.Sort(out)
	return out
}

// TestSkillPhase: a SKILL.md below a skills/ directory is checked; one
// inside another skill or under templates/ is not.
func TestSkillPhase(t *testing.T) {
	root := writeTree(t, map[string]string{
		".github/skills/pdf/SKILL.md":            badSkill,
		"skills/outer/SKILL.md":                  "---\nname: outer\ndescription: Outer skill.\n---\n\nSee [part](part/SKILL.md).\n",
		"skills/outer/part/SKILL.md":             "# A resource of outer\n",
		".squad/templates/skills/draft/SKILL.md": "# A template\n",
	})
	got := rulesIn(lintTree(t, root, Options{}).Run.Findings, "SK")
	want := []string{".github/skills/pdf/SKILL.md SK103 error", ".github/skills/pdf/SKILL.md SK104 error"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("findings %v, want %v", got, want)
	}
}

// TestSkillPhaseNarrowed: a narrowed run reports only the targets' skills.
func TestSkillPhaseNarrowed(t *testing.T) {
	root := writeTree(t, map[string]string{
		".github/skills/pdf/SKILL.md": badSkill,
		".claude/skills/csv/SKILL.md": "---\nname: csv\n---\n\nBody.\n",
	})
	got := rulesIn(lintTree(t, root, Options{Targets: []string{".claude/skills/csv/SKILL.md"}}).Run.Findings, "SK")
	if len(got) != 1 || !strings.HasPrefix(got[0], ".claude/skills/csv/SKILL.md SK104") {
		t.Fatalf("narrowed to csv: %v", got)
	}
}

// TestKindsOffSkipsSkills: kinds.skills: false leaves skills unchecked, and
// one named on the command line gets SQ004 saying why.
func TestKindsOffSkipsSkills(t *testing.T) {
	// a plugin's skills/ directory: the squad-state phase, which reads
	// Squad's skill directories whatever the kinds, does not look here
	root := writeTree(t, map[string]string{"skills/pdf/SKILL.md": badSkill})
	cfg, err := ParseConfig(".squadci.yml", []byte("kinds:\n  skills: false\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := rulesIn(lintTree(t, root, Options{Config: cfg}).Run.Findings, "SK"); len(got) != 0 {
		t.Fatalf("kinds.skills false: %v", got)
	}
	named := lintTree(t, root, Options{Config: cfg, Targets: []string{"skills/pdf/SKILL.md"}, Named: true})
	if len(named.Run.Findings) != 1 || named.Run.Findings[0].Rule != "SQ004" ||
		!strings.Contains(named.Run.Findings[0].Message, "kinds.skills is false in .squadci.yml") {
		t.Fatalf("named skill with its kind off: %+v", named.Run.Findings)
	}
}

// TestSkillInSquadRepo: a skill in Squad's directories is counted once
// (the squad-state phase loads it), and its name mismatch is reported by
// the skill rules or, with them off, by SS248: never by both.
func TestSkillInSquadRepo(t *testing.T) {
	root := writeTree(t, map[string]string{
		".squad/team.md":                "# Squad\n",
		".squad/skills/triage/SKILL.md": "---\nname: issue-triage\ndescription: Sorts issues.\n---\n\nBody.\n",
	})
	on := lintTree(t, root, Options{})
	if got := rulesIn(on.Run.Findings, "SK"); len(got) != 1 || got[0] != ".squad/skills/triage/SKILL.md SK103 warning" {
		t.Fatalf("skills on: SK findings %v", got)
	}
	for _, f := range on.Run.Findings {
		if f.Rule == "SS248" && strings.Contains(f.Message, "differs") {
			t.Fatalf("skills on: SS248 reports the mismatch too: %s", f.Message)
		}
	}
	cfg, err := ParseConfig(".squadci.yml", []byte("kinds:\n  skills: false\n"))
	if err != nil {
		t.Fatal(err)
	}
	off := lintTree(t, root, Options{Config: cfg})
	if got := rulesIn(off.Run.Findings, "SS248"); len(got) != 1 {
		t.Fatalf("skills off: SS248 findings %v, want the name mismatch", got)
	}
	if on.Run.Files != off.Run.Files {
		t.Fatalf("files checked: %d with skills on, %d off: the skill is counted twice", on.Run.Files, off.Run.Files)
	}
}

// TestSkillCredentialScannedOnce: a credential in a SKILL.md is reported
// once: by SS002 where the squad-state rules read the file (the skill
// directories Squad installs into, .squad/skills and .github/skills, with
// or without a squad), by SK108 elsewhere.
func TestSkillCredentialScannedOnce(t *testing.T) {
	const token = "ghp_R8fQ2vX9kLmN4pZ7tY1wB6cD3eH5jK0sA2gU"
	body := func(name string) string {
		return "---\nname: " + name + "\ndescription: Deploys previews.\n---\n\nUse " + token + " to deploy.\n"
	}
	cases := []struct {
		name  string
		files map[string]string
		want  map[string][]string
	}{
		{"squad repository", map[string]string{
			".squad/team.md":                  "# Squad\n",
			".squad/skills/deploy/SKILL.md":   body("deploy"),
			".github/skills/preview/SKILL.md": body("preview"),
			"skills/plugin/SKILL.md":          body("plugin"),
		}, map[string][]string{".squad/skills/deploy/SKILL.md": {"SS002"}, ".github/skills/preview/SKILL.md": {"SS002"}, "skills/plugin/SKILL.md": {"SK108"}}},
		{"no squad", map[string]string{
			".github/skills/preview/SKILL.md": body("preview"),
			"skills/plugin/SKILL.md":          body("plugin"),
		}, map[string][]string{".github/skills/preview/SKILL.md": {"SS002"}, "skills/plugin/SKILL.md": {"SK108"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := lintTree(t, writeTree(t, tc.files), Options{})
			got := map[string][]string{}
			for _, f := range res.Run.Findings {
				if f.Rule == "SS002" || f.Rule == "SK108" || f.Rule == "AF002" {
					got[f.Path] = append(got[f.Path], f.Rule)
					if strings.Contains(f.Message, token) {
						t.Errorf("%s: the message repeats the token", f.Rule)
					}
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("credential findings %v, want %v", got, tc.want)
			}
		})
	}
}

package skill

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf16"

	"gopkg.in/yaml.v3"
)

// cliSkillName is the name Copilot CLI (@github/copilot 1.0.40) loads a
// skill under, or "" when its skill schema refuses the header. A subset
// written for these tests from reading its loader: name trimmed, letters of
// either case, digits, '.', '_', '-' and spaces, at most 64 characters,
// spaces turned into '-', the folder's name when there is none; description
// at most 1,024 UTF-16 units; user-invocable and disable-model-invocation
// YAML booleans only.
func cliSkillName(t *testing.T, dir, src string) string {
	t.Helper()
	m := regexp.MustCompile(`(?s)\A---\n(.*?)\n---\n`).FindStringSubmatch(src)
	if m == nil {
		return dir
	}
	var front map[string]any
	if yaml.Unmarshal([]byte(m[1]), &front) != nil {
		return ""
	}
	name := dir
	if v, ok := front["name"]; ok {
		s, ok := v.(string)
		s = strings.TrimSpace(s)
		if !ok || len([]rune(s)) > 64 || !regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9._\- ]*$`).MatchString(s) {
			return ""
		}
		name = s
	}
	if v, ok := front["description"]; ok {
		s, ok := v.(string)
		if !ok || len(utf16.Encode([]rune(s))) > 1024 {
			return ""
		}
	}
	for _, k := range []string{"user-invocable", "disable-model-invocation"} {
		if v, ok := front[k]; ok {
			if _, b := v.(bool); !b {
				return ""
			}
		}
	}
	return regexp.MustCompile(`\s+`).ReplaceAllString(name, "-")
}

func skillMessages(p, src, id string) []string {
	var out []string
	for _, d := range Inspect(p, []byte(src), Context{}) {
		if d.Rule == id {
			out = append(out, d.Message)
		}
	}
	return out
}

// TestSkillAdviceNamesTheHost: where hosts read a skill differently, the
// message names each host and what it does, and the form it recommends is
// one every named host loads under the same name.
func TestSkillAdviceNamesTheHost(t *testing.T) {
	long := strings.Repeat("a", 70)
	for _, tt := range []struct {
		name, rule, dir, bad string
		hosts                []string
		fixes                []string // each a repaired header, as the message advises
	}{
		{name: "name differs from its folder", rule: "SK103", dir: "reports",
			bad:   "---\nname: report-writer\ndescription: d\n---\nx\n",
			hosts: []string{`VS Code knows the skill as "reports"`, `Copilot CLI and Claude Code as "report-writer"`},
			fixes: []string{"---\nname: reports\ndescription: d\n---\nx\n"}},
		{name: "name padded with a space", rule: "SK103", dir: "padded",
			bad:   "---\nname: ' padded'\ndescription: d\n---\nx\n",
			hosts: []string{"VS Code", "Copilot CLI trims it"},
			fixes: []string{"---\nname: padded\ndescription: d\n---\nx\n"}},
		{name: "name over 64 characters", rule: "SK102", dir: "short",
			bad:   "---\nname: " + long + "\ndescription: d\n---\nx\n",
			hosts: []string{"VS Code cuts it", "Copilot CLI refuses to load the skill"},
			fixes: []string{"---\nname: short\ndescription: d\n---\nx\n"}},
		{name: "description over 1,024 characters", rule: "SK104", dir: "wordy",
			bad:   "---\nname: wordy\ndescription: " + strings.Repeat("word ", 240) + "\n---\nx\n",
			hosts: []string{"VS Code cuts it", "Copilot CLI refuses to load the skill"},
			fixes: []string{"---\nname: wordy\ndescription: " + strings.Repeat("word ", 100) + "\n---\nx\n"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := ".github/skills/" + tt.dir + "/SKILL.md"
			msgs := skillMessages(p, tt.bad, tt.rule)
			if len(msgs) != 1 {
				t.Fatalf("%s findings: %q", tt.rule, msgs)
			}
			for _, h := range tt.hosts {
				if !strings.Contains(msgs[0], h) {
					t.Errorf("message does not say %q: %s", h, msgs[0])
				}
			}
			if strings.Contains(msgs[0], "Copilot CLI refuses") && cliSkillName(t, tt.dir, tt.bad) != "" {
				t.Errorf("the message says Copilot CLI refuses the skill, but its schema loads it")
			}
			for _, fixed := range tt.fixes {
				if got := skillMessages(p, fixed, tt.rule); len(got) != 0 {
					t.Errorf("the recommended form still raises %s: %q", tt.rule, got)
				}
				// VS Code knows a skill by its folder; the fix must give
				// Copilot CLI the same name.
				if got := cliSkillName(t, tt.dir, fixed); got != tt.dir {
					t.Errorf("Copilot CLI loads the recommended form as %q, VS Code as %q", got, tt.dir)
				}
			}
		})
	}
}

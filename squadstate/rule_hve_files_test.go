package squadstate

import (
	"strings"
	"testing"
)

// TestFrontMatter checks SS103: front matter with a description, one H1
// (team.md's legacy "# Members" aside), and only .md files.
func TestFrontMatter(t *testing.T) {
	front := "---\ndescription: d\n---\n"
	tests := []struct {
		name, file, src string
		want            []string // message prefixes, with the heading's line for a second H1
	}{
		{"a well-formed file", "x.md", front + "# T\n\n## A\n\n## B\n", nil},
		{"not markdown", "x.json", "{}", nil},
		{"no front matter and no title", "x.md", "text\n", []string{"x.md does not begin with front matter"}},
		{"no title after the front matter", "x.md", front + "text\n", []string{"x.md has no H1 title after its front matter"}},
		{"a second H1", "x.md", front + "# T\n# Members\n", []string{"x.md has a second H1@5"}},
		{"team.md's # Members is not a title", "team.md", front + "# Squad Roster\n# Members\n", nil},
		{"team.md's third H1 is its second title", "team.md", front + "# Squad Roster\n# Members\n# Third\n", []string{"team.md has a second H1@6"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &checker{}
			d := &doc{path: tt.file, src: []byte(tt.src)}
			checkFrontMatter(c, &hveRoot{files: map[string]*doc{tt.file: d, "gone.md": nil}})
			var got []string
			for _, f := range c.out {
				msg := f.Message
				if strings.Contains(msg, "second H1") {
					msg = strings.SplitN(msg, ";", 2)[0] + "@" + itoa(d.line(f.Span.Start))
				}
				got = append(got, msg)
			}
			bad := len(got) != len(tt.want)
			for i := 0; !bad && i < len(got); i++ {
				bad = !strings.HasPrefix(got[i], tt.want[i])
			}
			if bad {
				t.Errorf("findings %q, want %q", got, tt.want)
			}
		})
	}
}

func TestRootProblem(t *testing.T) {
	top := &hveRoot{dir: hveBase}
	sub := &hveRoot{dir: hveBase + "members/a/", sub: "a"}
	tests := []struct {
		root string
		h    *hveRoot
		want string // prefix, "" for none
	}{
		{"docs/", top, ""},
		{"—", top, ""},
		{"(squad state)", top, ""},
		{"/docs/", top, "is not a relative path"},
		{"docs", top, "is not a directory path"},
		{"docs//x/", top, "has an empty, . or .. segment"},
		{"./docs/", top, "has an empty, . or .. segment"},
		{"docs/../x/", top, "has an empty, . or .. segment"},
		{".copilot-tracking/other/", top, ""},
		{".copilot-tracking/other/", sub, `is not rebased for sub-squad "a"`},
		{hveBase + "members/a/out/", sub, ""},
	}
	for _, tt := range tests {
		got := rootProblem(tt.root, tt.h)
		if (tt.want == "") != (got == "") || !strings.HasPrefix(got, tt.want) {
			t.Errorf("rootProblem(%q, %q) = %q, want %q", tt.root, tt.h.sub, got, tt.want)
		}
	}
	var found []string
	for _, f := range checkIn(map[string]string{sq + "team.md": strings.Replace(team8, "| docs/ |", "| /docs/ |", 1)}) {
		if strings.HasPrefix(f, "SS111 ") {
			found = append(found, f)
		}
	}
	if len(found) != 1 || !strings.Contains(found[0], `Deliverable Root "/docs/" is not a relative path`) {
		t.Errorf("SS111 findings %q", found)
	}
	for _, f := range checkIn(map[string]string{sq + "team.md": team8}) {
		if strings.HasPrefix(f, "SS111 ") {
			t.Errorf("a good root: %s", f)
		}
	}
}

// TestEagerFiles checks SS102: every eager file of the release, and a
// history once state.json has counted a turn.
func TestEagerFiles(t *testing.T) {
	all := map[string]string{}
	for _, n := range newestProfile().eager {
		all[sq+n] = "---\ndescription: d\n---\n# T\n"
	}
	all[sq+"team.md"] = team8
	with := func(extra map[string]string, drop string) map[string]string {
		out := map[string]string{}
		for k, v := range all {
			if k != sq+drop {
				out[k] = v
			}
		}
		for k, v := range extra {
			out[k] = v
		}
		return out
	}
	state := func(turn string) string {
		return `{"schemaVersion": "1.3", "updated": "", "turn": ` + turn + `, "mode": "interactive", "activeRoles": [], "openEscalations": [], "currentRun": {}, "notify": {}}`
	}
	tests := []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"every eager file, turn 0", with(map[string]string{sq + "state.json": state("0")}, ""), nil},
		{"one missing", with(map[string]string{sq + "state.json": state("0")}, "decisions.md"), []string{"squad root " + sq + " has no decisions.md"}},
		{"a turn without history", with(map[string]string{sq + "state.json": state("3")}, ""), []string{"state.json is at turn 3 but " + sq + "history/ holds no file"}},
		{"a turn with history", with(map[string]string{sq + "state.json": state("3"), sq + "history/Squad Lead.md": hist10}, ""), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range checkIn(tt.files) {
				if strings.HasPrefix(f, "SS102 ") {
					got = append(got, f)
				}
			}
			bad := len(got) != len(tt.want)
			for i := 0; !bad && i < len(got); i++ {
				bad = !strings.Contains(got[i], tt.want[i])
			}
			if bad {
				t.Errorf("SS102 findings %q, want %q", got, tt.want)
			}
		})
	}
}

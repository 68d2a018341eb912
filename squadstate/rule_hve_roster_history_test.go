package squadstate

import (
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/diag"
)

func findings(files map[string]string, rule string) []string {
	var out []string
	for _, f := range checkIn(files) {
		if strings.HasPrefix(f, rule+" ") {
			out = append(out, f)
		}
	}
	return out
}

// TestHistoryHeader checks SS119: "# History: <agent>", for a legacy
// slug-named file the roster agent of its slug.
func TestHistoryHeader(t *testing.T) {
	tests := []struct {
		name, file, src string
		want            string // message part, "" for no finding
	}{
		{"the agent's title", "Squad Lead.md", "# History: Squad Lead\n", ""},
		{"a slug-named file titled by its agent", "squad-lead.md", "# History: Squad Lead\n", ""},
		{"another title", "Squad Lead.md", "# Notes\n\n# History\n", `the title is "Notes"; want "# History: Squad Lead"`},
		{"no H1", "Squad Lead.md", "## History: Squad Lead\n", `has no "# History: Squad Lead" title`},
		{"a longer title", "Squad Lead.md", "# History: Squad Lead (old)\n", `the title is "History: Squad Lead (old)"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := findings(map[string]string{sq + "team.md": team8, sq + "history/" + tt.file: tt.src}, "SS119")
			if (tt.want == "") != (len(got) == 0) || len(got) > 1 || (len(got) == 1 && !strings.Contains(got[0], tt.want)) {
				t.Errorf("SS119 findings %q, want %q", got, tt.want)
			}
		})
	}
}

// TestRosterUniqueNames checks SS107's second half: a role with several
// rows needs a Member Name on each.
func TestRosterUniqueNames(t *testing.T) {
	head := "# Squad Roster\n\n## Members\n\n| Role | Member Name | Agent Name (Primary) | Alternate Agents | Selection Cue | Invocation | Model Tier | Deliverable Root |\n|---|---|---|---|---|---|---|---|\n"
	row := func(role, name, agent string) string {
		return "| " + role + " | " + name + " | " + agent + " | — | — | task | default | docs/ |\n"
	}
	tests := []struct {
		name, team string
		want       []string
	}{
		{"one row without a name", head + row("lead", "", "Squad Lead"), nil},
		{"two named rows", head + row("dev", "Beta", "Dev A") + row("dev", "Gamma", "Dev B"), nil},
		{"two rows, one unnamed", head + row("dev", "", "Dev A") + row("dev", "Gamma", "Dev B"),
			[]string{`role "dev" has several rows (another at ` + sq + `team.md:8), so this row needs a Member Name`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := findings(map[string]string{sq + "team.md": tt.team}, "SS107")
			bad := len(got) != len(tt.want)
			for i := 0; !bad && i < len(got); i++ {
				bad = !strings.Contains(got[i], tt.want[i])
			}
			if bad {
				t.Errorf("SS107 findings %q, want %q", got, tt.want)
			}
		})
	}
}

// TestReportAnchors checks that a finding on a file's first line gets the
// whole-file anchor, unless it has one of its own or sits elsewhere.
func TestReportAnchors(t *testing.T) {
	d := &doc{path: "a.md", src: []byte("line one\nline two\n")}
	c := &checker{docs: map[string]*doc{"a.md": d}}
	c.report(diag.Diagnostic{Path: "a.md", Span: d.head(), Message: "3 lines"})
	c.report(diag.Diagnostic{Path: "a.md", Span: d.head(), Message: "kept", Anchor: "own"})
	c.report(diag.Diagnostic{Path: "a.md", Span: diag.Span{Start: 9, End: 17}, Message: "second line"})
	c.report(diag.Diagnostic{Path: "unloaded.md", Span: diag.Span{}, Message: "elsewhere"})
	want := []string{"file-head:# lines", "own", "", ""}
	for i, d := range c.out {
		if d.Anchor != want[i] {
			t.Errorf("%s: anchor %q, want %q", d.Message, d.Anchor, want[i])
		}
	}
	c.repo = &Repo{Paths: []string{"a", "c"}}
	if !c.listed("a") || !c.listed("c") || c.listed("b") || c.listed("d") {
		t.Errorf("listed is wrong for a, b, c or d")
	}
}

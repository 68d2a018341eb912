package squadstate

import (
	"strings"
	"testing"
)

// TestDispatchEntries checks SS121 on v0.16.0-pre history: each entry in
// the current form names its deliverable, an existing relative path under
// the agent's Deliverable Root (team8: docs/); entries whose block is in an
// older release's form predate the bullet.
func TestDispatchEntries(t *testing.T) {
	block10 := "#### Consumption\n\n```json\n" + `{"model": "m", "model_source": "unresolved", "priced_as": "m", "model_tier": "default", "internal_turns": 1, "input_tokens": 1, "cached_tokens": 1, "cache_write_tokens": 1, "output_tokens": 1, "basis": "estimated"}` + "\n```\n\n"
	block16 := strings.SplitN(hist16, "#### Consumption", 2)[1]
	entry := func(bullets string) string {
		return "# History: Squad Lead\n\n### 2026-08-22 plan\n\n" + bullets + "\n" + block10
	}
	tests := []struct {
		name, hist string
		want       []string // SS121 message prefixes
	}{
		{"a backticked deliverable", entry("* Deliverable: `docs/plan.md`\n"), nil},
		{"a bare deliverable", entry("* Deliverable: docs/plan.md\n"), nil},
		{"no Deliverable bullet", entry("* Status: done\n"), []string{`entry "2026-08-22 plan" has no "* Deliverable:" bullet`}},
		{"an older block predates the bullet", "# History: Squad Lead\n\n### 2026-08-01 plan\n\n#### Consumption" + block16, nil},
		{"no path", entry("* Deliverable: soon\n"), []string{`the Deliverable "soon" names no path`}},
		{"an absolute path", entry("* Deliverable: `/docs/plan.md`\n"), []string{`deliverable "/docs/plan.md" is not a relative path`}},
		{"a path out of the repository", entry("* Deliverable: `docs/../../plan.md`\n"), []string{`deliverable "docs/../../plan.md" is not a relative path`}},
		{"a missing file", entry("* Deliverable: `docs/gone.md`\n"), []string{`deliverable "docs/gone.md" does not exist`}},
		{"outside the Deliverable Root", entry("* Deliverable: `other/plan.md`\n"), []string{`deliverable "other/plan.md" is not under the Deliverable Root "docs/" of "Squad Lead"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{sq + "team.md": team8, sq + "history/Squad Lead.md": tt.hist,
				"docs/plan.md": "# Plan\n", "other/plan.md": "# Plan\n"}
			var got []string
			for _, f := range checkIn(files) {
				if strings.HasPrefix(f, "SS121 ") {
					_, msg, _ := strings.Cut(f, ".md ")
					got = append(got, msg)
				}
			}
			bad := len(got) != len(tt.want)
			for i := 0; !bad && i < len(got); i++ {
				bad = !strings.HasPrefix(got[i], tt.want[i])
			}
			if bad {
				t.Errorf("SS121 findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

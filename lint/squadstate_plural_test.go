package lint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A table row of one cell reads "1 cell", in the HVE roster (SS106) and
// the .squad Members table (SS212), and a header of one "1 column".
func TestSquadRowOfOneCell(t *testing.T) {
	solo := []string{"| Solo |", "| Role |\n|---|"} // a row, or a header and its delimiter
	for _, tc := range []struct {
		name, file, row, want string
	}{
		{"ss106-roster-ragged-row", ".copilot-tracking/squad/team.md", "| lead       | Beta        | Squad Lead           | —                | runSubagent / task | default    | .copilot-tracking/plans/           |",
			"this Members row has 1 cell; the header has 8"},
		{"ss212-member-empty-cell", ".squad/team.md", "| Retro | Tester | `.squad/agents/retro/charter.md` |",
			"this Members row has 1 cell; the header has 4"},
		{"ss106-roster-ragged-row", ".copilot-tracking/squad/team.md", "| Role       | Member Name | Agent Name (Primary) | Alternate Agents | Selection Cue | Invocation         | Model Tier | Deliverable Root                   |\n|------------|-------------|----------------------|------------------|---------------|--------------------|------------|------------------------------------|",
			"header has 1 column;"},
	} {
		root := buildSquadCase(t, tc.name)
		p := filepath.Join(root, filepath.FromSlash(tc.file))
		b, err := os.ReadFile(p)
		if err != nil || !strings.Contains(string(b), tc.row) {
			t.Fatalf("%s: %v, or the row is not there", tc.name, err)
		}
		if err := os.WriteFile(p, []byte(strings.Replace(string(b), tc.row, solo[strings.Count(tc.row, "\n")], 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		got := strings.Join(lintSquad(t, root, nil), "\n")
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s: findings lack %q:\n%s", tc.name, tc.want, got)
		}
	}
}

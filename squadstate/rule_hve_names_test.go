package squadstate

import (
	"strings"
	"testing"
)

// TestUnknownNames checks SS113 (a route to a role the roster lacks) and
// SS118 (a history file of no roster agent) with the roster in the
// checked format, in an older release's (a pin older than its shape, so
// legacy), and with no roster at all (nothing to compare).
func TestUnknownNames(t *testing.T) {
	routing := "# Routing\n\n| Pattern / Keyword | Role(s) | Autonomy Tier | Parallel-Eligible |\n|---|---|---|---|\n| review | ghost | auto | no |\n"
	base := map[string]string{sq + "routing.md": routing, sq + "history/Ghost.md": hist10}
	tests := []struct {
		name  string
		extra map[string]string
		want  int // findings of each rule
	}{
		{"a current roster", map[string]string{sq + "team.md": team8}, 1},
		{"a legacy roster", map[string]string{sq + "team.md": team8, "apm.lock.yaml": lockTag}, 1},
		{"no roster", nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{}
			for k, v := range base {
				files[k] = v
			}
			for k, v := range tt.extra {
				files[k] = v
			}
			route, hist := findings(files, "SS113"), findings(files, "SS118")
			if len(route) != tt.want || len(hist) != tt.want ||
				(tt.want > 0 && (!strings.Contains(route[0], `role "ghost" is not a Role`) || !strings.Contains(hist[0], "history/Ghost.md names no Primary or Alternate"))) {
				t.Errorf("SS113 %q, SS118 %q; want %d of each", route, hist, tt.want)
			}
		})
	}
}

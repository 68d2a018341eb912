package squadstate

import (
	"strings"
	"testing"
)

// TestStateAgainstHistory checks SS116 (a state.json that has not moved
// though the squad has worked), SS117 (history at turn 0) and SS115 (an
// "unknown" session model).
func TestStateAgainstHistory(t *testing.T) {
	state := func(turn, updated, session string) string {
		return `{"schemaVersion": "1.3", "updated": "` + updated + `", "turn": ` + turn + `, "mode": "interactive", "activeRoles": [], "openEscalations": [], "currentRun": {"sessionModel": "` + session + `"}, "notify": {}}`
	}
	tests := []struct {
		name, state string
		history     bool
		want        []string // "RULE message" prefixes of SS115, SS116 and SS117, in report order
	}{
		{"turn 1 after a dispatch", state("1", "2026-08-22T08:00:00Z", "auto"), true, nil},
		{"turn 0 before any dispatch", state("0", "", "auto"), false, nil},
		{"turn 0 after a dispatch", state("0", "", "auto"), true, []string{
			"SS116 turn is 0 but " + sq + "history/Squad Lead.md exists",
			"SS116 updated is empty but " + sq + "history/Squad Lead.md exists",
			"SS117 history/Squad Lead.md exists but state.json is at turn 0",
		}},
		{"turn 2 with an empty updated", state("2", "", "auto"), true, []string{"SS116 updated is empty but "}},
		{"an unknown session model", state("1", "2026-08-22T08:00:00Z", "unknown"), true, []string{`SS115 currentRun.sessionModel is "unknown"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{sq + "team.md": team8, sq + "state.json": tt.state}
			if tt.history {
				files[sq+"history/Squad Lead.md"] = hist10
			}
			var got []string
			for _, f := range checkIn(files) {
				rule, rest, _ := strings.Cut(f, " ")
				if rule != "SS115" && rule != "SS116" && rule != "SS117" {
					continue
				}
				_, rest, _ = strings.Cut(rest, " ") // severity
				_, msg, _ := strings.Cut(rest, " ") // path (none of these hold a space)
				if rule == "SS117" {
					_, msg, _ = strings.Cut(msg, " ") // the history path's second half
				}
				got = append(got, rule+" "+msg)
			}
			bad := len(got) != len(tt.want)
			for i := 0; !bad && i < len(got); i++ {
				bad = !strings.HasPrefix(got[i], tt.want[i])
			}
			if bad {
				t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

package squadstate

import (
	"reflect"
	"strings"
	"testing"
)

// TestRosterIndex checks the roster as the rules read it: the Members
// table under "## Members" (or the legacy "# Members"), ragged rows,
// roles, and the agent index of Primaries, Alternates and slugs.
func TestRosterIndex(t *testing.T) {
	team := strings.Replace(team8, "| Squad Lead | — |", "| Squad Lead | Helper |", 1) +
		"| dev | Gamma | Dev Agent | — | — | task | default |\n| dev | Delta | Dev Agent | — | — | task | default | src/ |\n"
	h := &hveRoot{team: parseRoster(&doc{path: "team.md", src: []byte(team)})}
	ms := h.rosterMembers()
	if len(ms) != 3 || ms[0].ragged || !ms[1].ragged || ms[2].ragged {
		t.Fatalf("members %d, ragged %v", len(ms), func() (r []bool) {
			for _, m := range ms {
				r = append(r, m.ragged)
			}
			return
		}())
	}
	if got := h.team.roles(); !reflect.DeepEqual(got, []string{"lead", "dev"}) {
		t.Errorf("roles %q", got)
	}
	ix := h.agentIndex()
	lead, helper, dev := ix["Squad Lead"], ix["Helper"], ix["Dev Agent"]
	if lead == nil || helper == nil || dev == nil {
		t.Fatalf("agent index %v", ix)
	}
	if !reflect.DeepEqual(lead.primaryRoles, []string{"lead"}) || lead.altRoles != nil ||
		helper.primaryRoles != nil || !reflect.DeepEqual(helper.altRoles, []string{"lead"}) ||
		!reflect.DeepEqual(dev.roots, []string{"", "src/"}) {
		t.Errorf("lead %+v, helper %+v, dev %+v", lead, helper, dev)
	}
	if got := h.slugAgent("squad-lead"); got != "Squad Lead" {
		t.Errorf("slug squad-lead is %q", got)
	}
	if got := h.slugAgent("Helper"); got != "" {
		t.Errorf("slug Helper is %q", got)
	}
	if (&hveRoot{}).rosterMembers() != nil {
		t.Errorf("a root without team.md has members")
	}
	legacy := parseRoster(&doc{src: []byte(strings.Replace(team8, "## Members", "# Members", 1))})
	if legacy.heading == nil || !legacy.legacyH || len(legacy.members) != 1 {
		t.Errorf("legacy # Members: heading %v legacy %v members %d", legacy.heading, legacy.legacyH, len(legacy.members))
	}
}

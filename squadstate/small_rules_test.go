package squadstate

import (
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/source"
)

func TestIsOneOf(t *testing.T) {
	if !isOneOf("b", []string{"a", "b"}) || isOneOf("a", []string{"b"}) || isOneOf("a", nil) {
		t.Errorf("isOneOf is wrong")
	}
}

func TestRowWidths(t *testing.T) {
	d := &doc{path: "t.md", src: []byte("| A | B |\n|---|---|\n| 1 | 2 |\n| 1 |\n| 1 | 2 | 3 |\n")}
	c := &checker{}
	checkRowWidths(c, ruleLedger, d, d.markdown().Tables[0], "test")
	if len(c.out) != 2 || !strings.Contains(c.out[0].Message, "this test row has 1 cell; the header has 2") {
		t.Errorf("findings %v", c.out)
	}
	checkRosterColumns(c, &hveRoot{}) // no team.md: nothing to check
	if len(c.out) != 2 {
		t.Errorf("a root without team.md: %v", c.out[2:])
	}
}

// TestStateShapeNewer checks SS114 on a state.json newer than squadci
// knows: its schemaVersion is accepted, its missing keys still reported.
func TestStateShapeNewer(t *testing.T) {
	got := findings(map[string]string{sq + "team.md": team8, sq + "state.json": json14}, "SS114")
	var keys []string
	for _, f := range got {
		_, k, _ := strings.Cut(f, "state.json has no ")
		keys = append(keys, k)
	}
	if want := `"mode" "activeRoles" "openEscalations" "currentRun" "notify"`; strings.Join(keys, " ") != want {
		t.Errorf("SS114 findings %q, want the missing %s", got, want)
	}
}

func TestStr(t *testing.T) {
	v := source.ParseJSON([]byte(`{"s": "x", "n": 1}`)).Root
	if str(v.Get("s")) != "x" || str(v.Get("n")) != "" || str(nil) != "" {
		t.Errorf("str is wrong")
	}
}

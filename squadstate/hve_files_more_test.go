package squadstate

import "testing"

func TestWantedHistoryNames(t *testing.T) {
	for p, want := range map[string]bool{
		hveBase + "history/a.md":      true,
		hveBase + "history/.md":       false,
		hveBase + "history/x/a.md":    false,
		hveBase + "history/a.txt":     false,
		hveBase + "team.md":           true,
		hveBase + "members/b/team.md": true,
	} {
		if got := Wanted(p); got != want {
			t.Errorf("Wanted(%q) = %v", p, got)
		}
	}
}

func TestAnyFile(t *testing.T) {
	d := &doc{path: hveBase + "state.json"}
	h := &hveRoot{files: map[string]*doc{"state.json": d, "team.md": nil}}
	if h.anyFile() != d {
		t.Errorf("anyFile is not the one loaded file")
	}
	if (&hveRoot{files: map[string]*doc{}}).anyFile() != nil {
		t.Errorf("an empty root has a file")
	}
}

// TestJSONBOMFix checks that a BOM before JSON is fixed by deleting it,
// except in HVE's state.json, the run's record, which is never fixed.
func TestJSONBOMFix(t *testing.T) {
	for _, tt := range []struct {
		path, src string
		fix       bool
	}{
		{"x.json", "\xEF\xBB\xBF{}", true},
		{hveBase + "state.json", "\xEF\xBB\xBF{}", false},
		{"x.json", "{,}", false},
	} {
		c := &checker{}
		checkJSONProblems(c, &doc{path: tt.path, src: []byte(tt.src)})
		if len(c.out) == 0 {
			t.Fatalf("%s %q: no finding", tt.path, tt.src)
		}
		if got := c.out[0].Fix != nil; got != tt.fix {
			t.Errorf("%s %q: fix %v, want %v", tt.path, tt.src, got, tt.fix)
		}
	}
}

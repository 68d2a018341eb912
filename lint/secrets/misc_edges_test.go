package secrets

import (
	"strings"
	"testing"
)

// The remaining helpers at their edges: the order of Values, findings that
// touch without overlapping, counting runs of exactly three, a PEM label as
// long as the walk reads, a rule's entropy floor met exactly (the mutation
// run found these untested).

func TestValuesLongest(t *testing.T) {
	if got := NewValues("abcd", "abcdefgh", "abcdef").Longest(); got != 8 {
		t.Errorf("Longest = %d, want 8 (the values are kept longest first)", got)
	}
	if got := NewValues("abc").Longest(); got != 0 {
		t.Errorf("Longest of no kept value = %d, want 0", got)
	}
	if got := NewValues("abcd", "abcdefgh").List(); len(got) != 2 || got[0] != "abcdefgh" {
		t.Errorf("List = %q, want the longest first", got)
	}
}

func TestKeepDisjointKeepsTouchingFindings(t *testing.T) {
	ends := func(cs []cand) (out [][2]int) {
		for _, c := range cs {
			out = append(out, [2]int{c.start, c.end})
		}
		return out
	}
	// Two findings side by side both stay: one ends where the next starts.
	if got := ends(keepDisjoint([]cand{{start: 0, end: 4}, {start: 4, end: 8}}, nil)); len(got) != 2 {
		t.Errorf("adjacent findings: kept %v, want both", got)
	}
	if got := ends(keepDisjoint([]cand{{start: 0, end: 4}, {start: 3, end: 8}}, nil)); len(got) != 1 {
		t.Errorf("overlapping findings: kept %v, want the first", got)
	}
	// A general finding touching a specific one on either side stays too.
	taken := []cand{{start: 4, end: 8}}
	for _, c := range []cand{{start: 0, end: 4}, {start: 8, end: 12}} {
		if got := ends(keepDisjoint([]cand{c}, taken)); len(got) != 1 {
			t.Errorf("[%d,%d) next to a taken [4,8): kept %v", c.start, c.end, got)
		}
	}
	for _, c := range []cand{{start: 0, end: 5}, {start: 7, end: 12}, {start: 5, end: 6}} {
		if got := ends(keepDisjoint([]cand{c}, taken)); len(got) != 0 {
			t.Errorf("[%d,%d) overlapping a taken [4,8): kept %v", c.start, c.end, got)
		}
	}
}

func TestCountingAtItsEdges(t *testing.T) {
	for seg, want := range map[string]bool{
		"a1b2c3d4e5": true, // interleaved runs at exactly minInterleaved bytes
		"a1b2c3d4e":  false,
		"abcxyz":     true, // two runs of exactly three
		"abcxy":      false,
		"12321":      false, // up, then down: no run of three either way
		"54321":      true,
		"zyx":        true,
	} {
		if got := isCountingSegment(seg); got != want {
			t.Errorf("isCountingSegment(%q) = %v, want %v", seg, got, want)
		}
	}
	for _, tc := range []struct {
		a, b byte
		want int
	}{{'1', '2', 1}, {'2', '1', -1}, {'0', '9', -1}, {'9', '0', 1}, {'b', 'a', -1}, {'A', 'b', 1}, {'a', 'c', 0}, {'a', '1', 0}} {
		if got := countStep(tc.a, tc.b); got != tc.want {
			t.Errorf("countStep(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestPathNameEdges(t *testing.T) {
	for name, want := range map[string]bool{
		"go.sum": true, "x.md": true, ".md": false, // a dot first is a hidden name, not an extension
		"api_key": false, "a/b": true,
	} {
		if got := isPathName(name, false); got != want {
			t.Errorf("isPathName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestPEMLabelEdges(t *testing.T) {
	label := strings.Repeat("A", 101-len(" PRIVATE KEY")) + " PRIVATE KEY" // 101 bytes: the longest read
	if end, ok := pemLabel(label+"-----", 0); !ok || end != len(label)+5 {
		t.Errorf("pemLabel of a 101-byte label = %d, %v", end, ok)
	}
	if _, ok := pemLabel("A"+label+"-----", 0); ok {
		t.Error("pemLabel accepts a 102-byte label")
	}
	if _, ok := pemLabel("RSA PRIVATE KEY", 0); ok { // the label ends the text
		t.Error("pemLabel accepts a label with no dashes after it")
	}
	for c, want := range map[byte]bool{'A': true, 'Z': true, '0': true, ' ': true, '_': true, 'a': false, '[': false, '@': false} {
		if got := isPEMLabelByte(c); got != want {
			t.Errorf("isPEMLabelByte(%q) = %v, want %v", c, got, want)
		}
	}
}

func TestRuleChecksAtTheirFloors(t *testing.T) {
	v := "abcdefgh" // eight distinct bytes once each: exactly 3 bits per byte
	if !minEntropy(3)(v, 0, len(v)) || minEntropy(3)("abcdefga", 0, 8) {
		t.Error("minEntropy(3) is not met exactly at 3 bits per byte")
	}
	body := fake(base62, 40, 41)
	for v, want := range map[string]bool{
		"sk-proj-" + body:          true, // exactly 40 bytes after the prefix
		"sk-proj-" + body[:39]:     false,
		"sk-svcacct-" + body:       true,
		"sk-ant-" + body + "T3Blb": false,
		"sk-" + body + "T3BlbkFJ":  true,
	} {
		if got := openAIShape(v, 0, len(v)); got != want {
			t.Errorf("openAIShape(%q) = %v, want %v", v, got, want)
		}
	}
}

package squadstate

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"
)

// engineInputRules read what the lint engine hands the package beside the
// state files (connector manifests, exchanges, deployed agent files,
// skills, the git top level). This package's Repo from the fixture tree
// carries none of those, so they are left to lint's TestSquadStateFixtures.
var engineInputRules = map[string]bool{"SS110": true, "SS209": true, "SS248": true, "SS249": true, "SS303": true, "SS311": true}

var outFinding = regexp.MustCompile(`^([^:]+):(\d+):(\d+): \w+: (.*) \[(SS\d+)\]$`)

// TestFixturesInThePackage checks Check against every testdata/squadstate
// case's expected findings (the lint engine's .out files): each finding's
// file, line, column, rule and message, for the rules that read only the
// state files. The lint package runs the same cases through the engine;
// running them here too lets this package's own tests, and so a mutation
// run of it, see what every rule reports.
func TestFixturesInThePackage(t *testing.T) {
	outs, err := filepath.Glob("../testdata/squadstate/*.out")
	if err != nil || len(outs) < 100 {
		t.Fatalf("fixtures: %d, %v", len(outs), err)
	}
	for _, o := range outs {
		name := strings.TrimSuffix(filepath.Base(o), ".out")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b, err := os.ReadFile(o)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, l := range strings.Split(string(b), "\n") {
				if m := outFinding.FindStringSubmatch(l); m != nil && !engineInputRules[m[5]] {
					want = append(want, fmt.Sprintf("%s:%s:%s [%s] %s", m[1], m[2], m[3], m[5], m[4]))
				}
			}
			r := fixtureRepo(t, name)
			var got []string
			for _, d := range Check(r) {
				if strings.HasPrefix(d.Rule, "SS") && !engineInputRules[d.Rule] {
					line, col := lineCol(r.Files[d.Path], d.Span.Start)
					got = append(got, fmt.Sprintf("%s:%d:%d [%s] %s", d.Path, line, col, d.Rule, d.Message))
				}
			}
			sort.Strings(want)
			sort.Strings(got)
			if strings.Join(want, "\n") != strings.Join(got, "\n") {
				t.Errorf("want\n  %s\ngot\n  %s", strings.Join(want, "\n  "), strings.Join(got, "\n  "))
			}
		})
	}
}

// lineCol is the 1-based line and column (in code points) of offset in
// src; line 1, column 1 for a file that is not loaded.
func lineCol(src []byte, offset int) (int, int) {
	if offset > len(src) {
		offset = len(src)
	}
	line, start := 1, 0
	for i := 0; i < offset; i++ {
		if src[i] == '\n' {
			line, start = line+1, i+1
		}
	}
	return line, utf8.RuneCount(src[start:offset]) + 1
}

package squadstate

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// More inputs in each release's shape, written for these tests.
const (
	// team5Damaged has five columns, one misnamed: only its width tells
	// v0.2.0.
	team5Damaged = "# Squad Roster\n\n## Members\n\n| Role | Agent | Alternate Agents | Invocation | Model Tier |\n|---|---|---|---|---|\n| lead | Squad Lead | — | task | default |\n"
	// team9 is the v0.16.0-pre roster and one column more.
	team9       = "# Squad Roster\n\n## Members\n\n| Role | Member Name | Agent Name (Primary) | Alternate Agents | Selection Cue | Invocation | Model Tier | Deliverable Root | Extra |\n|---|---|---|---|---|---|---|---|---|\n| lead | Beta | Squad Lead | — | — | task | default | docs/ | x |\n"
	routingAuto = "# Routing\n\n| Pattern / Keyword | Role(s) | Autonomy Tier | Parallel-Eligible |\n|---|---|---|---|\n| review | lead | auto | no |\n"
	ledgerBare  = "# Ledger\n\nNo table yet.\n"
)

// TestDetectProfileEdges holds the inputs at the edges of each shape's
// reading: a damaged header of an old width, history whose blocks change
// form, a ledger with no table, a tier every release allows.
func TestDetectProfileEdges(t *testing.T) {
	// An upgraded squad's history: a 16-field block, then a 10-field one.
	upgraded := hist16 + strings.TrimPrefix(hist10, "# History: Squad Lead\n")
	tests := []struct {
		name  string
		files map[string]string
		want  string // the profile's first release
		fits  int
	}{
		{"damaged 5-column roster counts its columns", map[string]string{sq + "team.md": team5Damaged}, "v0.2.0", 1},
		{"the newest block form in the history wins", map[string]string{sq + "history/Squad Lead.md": upgraded}, "v0.16.0-pre", 1},
		{"ledger without a table says nothing", map[string]string{sq + "consumption.md": ledgerBare, sq + "team.md": team6, sq + "state.json": json11}, "v0.4.0", 1},
		{"auto-validated tier alone", map[string]string{sq + "routing.md": routingTier}, "v0.3.0", len(hveProfiles) - 1},
		{"a tier every release allows says nothing", map[string]string{sq + "routing.md": routingAuto}, "v0.16.0-pre", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ch := detectIn(tt.files)
			if ch.profile.first != tt.want || len(ch.fits) != tt.fits || ch.conflict {
				t.Errorf("got %s fits=%d conflict=%v; want %s fits=%d\nevidence: %+v",
					ch.profile.first, len(ch.fits), ch.conflict, tt.want, tt.fits, ch.evidence)
			}
		})
	}
}

// TestBlockEvidenceFirstOfAForm keeps the evidence at the first block of
// the newest form when several share it.
func TestBlockEvidenceFirstOfAForm(t *testing.T) {
	twice := hist16 + strings.TrimPrefix(hist16, "# History: Squad Lead\n")
	ch := detectIn(map[string]string{sq + "history/Squad Lead.md": twice})
	var at []string
	for _, e := range ch.evidence {
		if strings.HasSuffix(e.what, "consumption block") {
			at = append(at, e.at)
		}
	}
	if want := sq + "history/Squad Lead.md:8"; len(at) != 1 || at[0] != want {
		t.Errorf("block evidence at %v, want [%s]", at, want)
	}
}

// TestPinEvidenceNamesThePinnedProfile checks that the pin's own evidence
// fits the profile it chose, for an old, a middle and the newest one.
func TestPinEvidenceNamesThePinnedProfile(t *testing.T) {
	for _, ref := range []string{"v0.2.0", "v0.13.2", "v0.16.0-pre"} {
		ch := detectIn(map[string]string{"apm.yml": manifest(ref)})
		e := ch.evidence[0]
		if len(e.fits) != 1 || hveProfiles[e.fits[0]] != ch.profile || ch.older != "" || ch.newer != "" {
			t.Errorf("pin %s: evidence %+v, profile %s older=%q newer=%q", ref, e, ch.profile.first, ch.older, ch.newer)
		}
	}
}

func TestReleaseOfCommit(t *testing.T) {
	r := hveReleases[3]
	tests := []struct{ sha, want string }{
		{r.commit[:7], r.tag},
		{strings.ToUpper(r.commit[:8]), r.tag},
		{r.commit[:6], ""},
		{r.commit + "0000", r.tag},
	}
	for _, tt := range tests {
		if got := releaseOfCommit(tt.sha); got != tt.want {
			t.Errorf("releaseOfCommit(%q) = %q, want %q", tt.sha, got, tt.want)
		}
	}
}

func TestParseVersion(t *testing.T) {
	tests := []struct {
		in  string
		ok  bool
		n   [3]int
		pre bool
	}{
		{"v0.12.1", true, [3]int{0, 12, 1}, false},
		{"0.16.0-pre", true, [3]int{0, 16, 0}, true},
		{"v0.16.0-", true, [3]int{0, 16, 0}, false},
		{"v0.16", false, [3]int{}, false},
		{"v0.-1.0", false, [3]int{}, false},
	}
	for _, tt := range tests {
		v, ok := parseVersion(tt.in)
		if ok != tt.ok || (ok && (v.n != tt.n || v.pre != tt.pre)) {
			t.Errorf("parseVersion(%q) = %+v, %v; want %v %v pre=%v", tt.in, v, ok, tt.n, tt.ok, tt.pre)
		}
	}
}

// TestSpanNames checks the release spans messages print, for a profile
// of one release and one of several.
func TestSpanNames(t *testing.T) {
	one, many := -1, -1
	for i, p := range hveProfiles {
		if p.first == p.last && one < 0 {
			one = i
		}
		if p.first != p.last && many < 0 {
			many = i
		}
	}
	if one < 0 || many < 0 {
		t.Fatal("the profile table has lost its single-release or its multi-release spans")
	}
	p, q := hveProfiles[one], hveProfiles[many]
	if got := p.span(); got != p.first {
		t.Errorf("span of %s = %q", p.name, got)
	}
	if got, want := q.span(), q.first+"–"+q.last; got != want {
		t.Errorf("span of %s = %q, want %q", q.name, got, want)
	}
	if got := spanOf([]int{one}); got != p.first {
		t.Errorf("spanOf(one) = %q, want %q", got, p.first)
	}
	if got, want := spanOf([]int{0, 1, 2}), hveProfiles[0].first+"–"+hveProfiles[2].last; got != want {
		t.Errorf("spanOf(0..2) = %q, want %q", got, want)
	}
}

// checkIn runs every check over a repository made of files, and lists
// the findings as "RULE severity path message".
func checkIn(files map[string]string) []string {
	r := &Repo{Files: map[string][]byte{}}
	for p, s := range files {
		r.Files[p] = []byte(s)
		r.Paths = append(r.Paths, p)
	}
	sort.Strings(r.Paths)
	var out []string
	for _, d := range Check(r) {
		out = append(out, fmt.Sprintf("%s %d %s %s", d.Rule, d.Severity, d.Path, d.Message))
	}
	return out
}

// TestProfileChoiceEffects checks what the chosen profile changes: the
// SS129 note only when the choice was not exact, the roster judged by the
// chosen release, rates parsed only where the release has them.
func TestProfileChoiceEffects(t *testing.T) {
	tests := []struct {
		name    string
		files   map[string]string
		want    []string // substrings of "RULE severity path message" lines that must appear
		notWant []string // rule ids that must not
	}{
		{"exact shapes: no note", map[string]string{sq + "team.md": team5}, nil, []string{"SS129"}},
		{"no roster: no note", map[string]string{sq + "routing.md": routingAuto}, nil, []string{"SS129"}},
		{"several fit: a note", map[string]string{sq + "state.json": json12}, []string{"SS129 1 " + sq}, nil},
		{"roster judged by the pin", map[string]string{"apm.lock.yaml": lockTag, sq + "team.md": team8}, []string{"SS120 1 " + sq + "team.md 8-column roster of HVE Squad v0.16.0-pre"}, nil},
		{"a newer state admits more columns", map[string]string{sq + "team.md": team9, sq + "state.json": json14}, []string{`SS106 1 ` + sq + `team.md the Members header has "Extra" beyond the columns of v0.16.0-pre`}, nil},
		{"rates read where the release has them", map[string]string{sq + "team.md": team8, sq + "consumption-rates.md": "# Rates\n"}, []string{"SS124 2 " + sq + "consumption-rates.md consumption-rates.md has no per-model table"}, nil},
		{"rates file of a release without one", map[string]string{sq + "team.md": team5, sq + "consumption-rates.md": "# Rates\n"}, nil, []string{"SS124"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := checkIn(tt.files)
			all := strings.Join(got, "\n")
			for _, w := range tt.want {
				if !strings.Contains(all, w) {
					t.Errorf("no finding %q in\n%s", w, all)
				}
			}
			for _, id := range tt.notWant {
				for _, g := range got {
					if strings.HasPrefix(g, id+" ") {
						t.Errorf("unexpected %s", g)
					}
				}
			}
		})
	}
}

package squadstate

import (
	"sort"
	"strings"
	"testing"
)

// Test inputs in each release's shape, written for these tests.
const (
	sq = ".copilot-tracking/squad/"

	team5 = "# Squad Roster\n\n## Members\n\n| Role | Agent Name (Primary) | Alternate Agents | Invocation | Model Tier |\n|---|---|---|---|---|\n| lead | Squad Lead | — | task | default |\n"
	team6 = "# Squad Roster\n\n## Members\n\n| Role | Member Name | Agent Name (Primary) | Alternate Agents | Invocation | Model Tier |\n|---|---|---|---|---|---|\n| lead | Beta | Squad Lead | — | task | default |\n"
	team7 = "# Squad Roster\n\n## Members\n\n| Role | Member Name | Agent Name (Primary) | Alternate Agents | Invocation | Model Tier | Deliverable Root |\n|---|---|---|---|---|---|---|\n| lead | Beta | Squad Lead | — | task | default | docs/ |\n"
	team8 = "# Squad Roster\n\n## Members\n\n| Role | Member Name | Agent Name (Primary) | Alternate Agents | Selection Cue | Invocation | Model Tier | Deliverable Root |\n|---|---|---|---|---|---|---|---|\n| lead | Beta | Squad Lead | — | — | task | default | docs/ |\n"
	// team8Damaged has eight columns, one misnamed.
	team8Damaged = "# Squad Roster\n\n## Members\n\n| Role | Member | Agent Name (Primary) | Alternate Agents | Selection Cue | Invocation | Model Tier | Deliverable Root |\n|---|---|---|---|---|---|---|---|\n| lead | Beta | Squad Lead | — | — | task | default | docs/ |\n"

	json11    = `{"schemaVersion": "1.1", "updated": "", "turn": 0, "mode": "interactive", "activeRoles": [], "openEscalations": [], "notify": {}}`
	json11Run = `{"schemaVersion": "1.1", "updated": "", "turn": 0, "mode": "interactive", "activeRoles": [], "openEscalations": [], "currentRun": {}, "notify": {}}`
	json12    = `{"schemaVersion": "1.2", "updated": "", "turn": 0, "mode": "interactive", "activeRoles": [], "openEscalations": [], "currentRun": {}, "notify": {}}`
	json14    = `{"schemaVersion": "1.4", "updated": "", "turn": 0}`

	hist16 = "# History: Squad Lead\n\n### 2026-08-01 plan\n\n#### Consumption\n\n```json\n" +
		`{"model": "m", "model_source": "unresolved", "priced_as": "m", "model_tier": "default", "internal_turns": 1, "input_tokens": 1, "cached_tokens": 1, "cache_write_tokens": 1, "output_tokens": 1, "input_rate": 1, "cached_rate": 1, "cache_write_rate": 1, "output_rate": 1, "est_cost_usd": 1, "est_credits": 1, "basis": "estimated"}` +
		"\n```\n"
	hist10 = "# History: Squad Lead\n\n### 2026-08-22 plan\n\n#### Consumption\n\n```json\n" +
		`{"model": "m", "model_source": "unresolved", "priced_as": "m", "model_tier": "default", "internal_turns": 1, "input_tokens": 1, "cached_tokens": 1, "cache_write_tokens": 1, "output_tokens": 1, "basis": "estimated"}` +
		"\n```\n"
	histDeliverable = "# History: Squad Lead\n\n### 2026-08-22 plan\n\n* Deliverable: `docs/plan.md`\n"
	ledgerSplit     = "# Ledger\n\n## Attribution\n\n| Role |\n|---|\n| orchestration |\n"
	ledgerWide      = "# Ledger\n\n| Role | Model | Est. Cost (USD) |\n|---|---|---|\n| lead | m | 0.1 |\n"
	routingTier     = "# Routing\n\n| Pattern / Keyword | Role(s) | Autonomy Tier | Parallel-Eligible |\n|---|---|---|---|\n| review | lead | auto-validated | no |\n"

	lockTag    = "dependencies:\n- repo_url: Peter-N91/hve-squad\n  resolved_commit: 0123456789abcdef0123456789abcdef01234567\n  resolved_ref: v0.9.0\n"
	lockCommit = "dependencies:\n- repo_url: https://github.com/peter-n91/hve-squad.git\n  resolved_commit: 7e9724bf1589aaaaaaaaaaaaaaaaaaaaaaaaaaaa\n"
	lockOther  = "dependencies:\n- repo_url: Peter-N91/hve-squad\n  resolved_commit: 0123456789abcdef0123456789abcdef01234567\n"
	lockNotHVE = "dependencies:\n- repo_url: microsoft/hve-core\n  resolved_ref: v0.2.0\n"
)

func manifest(ref string) string {
	return "name: app\ndependencies:\n  apm:\n    - microsoft/hve-core/x.agent.md#abc1234\n    - Peter-N91/hve-squad/squad-src/.github/agents/squad/squad-lead.agent.md#" + ref + "\n"
}

func TestDetectProfile(t *testing.T) {
	tests := []struct {
		name   string
		files  map[string]string
		want   string // the profile's first release
		pinned bool
		fits   int    // how many profiles the evidence fits
		flag   string // "conflict", "newer", "older", "against" (a pin the shapes contradict) or ""
	}{
		{"lock resolved_ref tag", map[string]string{"apm.lock.yaml": lockTag, sq + "team.md": team6, sq + "state.json": json12}, "v0.9.0", true, 1, ""},
		{"lock the shapes contradict", map[string]string{"apm.lock.yaml": lockTag, sq + "team.md": team8}, "v0.9.0", true, 1, "against"},
		{"lock resolved_commit of a release", map[string]string{"apm.lock.yaml": lockCommit, sq + "team.md": team7}, "v0.11.4", true, 1, ""},
		{"lock commit of no release: shapes decide", map[string]string{"apm.lock.yaml": lockOther, sq + "team.md": team5}, "v0.2.0", false, 1, ""},
		{"lock of another package only", map[string]string{"apm.lock.yaml": lockNotHVE, sq + "team.md": team6, sq + "state.json": json12}, "v0.9.0", false, 1, ""},
		{"lock before manifest", map[string]string{"apm.lock.yaml": lockTag, "apm.yml": manifest("v0.13.2")}, "v0.9.0", true, 1, ""},
		{"manifest pin", map[string]string{"apm.yml": manifest("v0.13.2"), sq + "team.md": team7}, "v0.12.1", true, 1, ""},
		{"manifest pin newer than known", map[string]string{"apm.yml": manifest("v0.17.0")}, "v0.16.0-pre", true, 1, "newer"},
		{"manifest pin older than any state", map[string]string{"apm.yml": manifest("v0.1.0")}, "v0.2.0", true, 1, "older"},
		{"manifest branch pin: shapes decide", map[string]string{"apm.yml": manifest("main"), sq + "team.md": team7, sq + "state.json": json12}, "v0.11.0", false, 1, ""},
		{"5-column roster", map[string]string{sq + "team.md": team5}, "v0.2.0", false, 1, ""},
		{"6-column roster, 1.1 without currentRun", map[string]string{sq + "team.md": team6, sq + "state.json": json11}, "v0.4.0", false, 1, ""},
		{"6-column roster, 1.1 with currentRun", map[string]string{sq + "team.md": team6, sq + "state.json": json11Run}, "v0.8.5", false, 2, ""},
		{"8-column roster", map[string]string{sq + "team.md": team8}, "v0.16.0-pre", false, 1, ""},
		{"damaged 8-column roster still counts its columns", map[string]string{sq + "team.md": team8Damaged}, "v0.16.0-pre", false, 1, ""},
		{"schemaVersion alone", map[string]string{sq + "state.json": json12}, "v0.9.0", false, 2, ""},
		{"16-field block alone", map[string]string{sq + "history/Squad Lead.md": hist16}, "v0.11.4", false, 3, ""},
		{"10-field block", map[string]string{sq + "history/Squad Lead.md": hist10}, "v0.16.0-pre", false, 1, ""},
		{"Deliverable bullet", map[string]string{sq + "history/Squad Lead.md": histDeliverable}, "v0.16.0-pre", false, 1, ""},
		{"split ledger", map[string]string{sq + "consumption.md": ledgerSplit, sq + "team.md": team7}, "v0.11.11", false, 2, ""},
		{"one-table ledger", map[string]string{sq + "consumption.md": ledgerWide, sq + "team.md": team7, sq + "history/Squad Lead.md": hist16}, "v0.11.4", false, 1, ""},
		{"auto-validated tier", map[string]string{sq + "routing.md": routingTier, sq + "team.md": team6, sq + "state.json": `{"schemaVersion": "1.0"}`}, "v0.3.0", false, 1, ""},
		{"7 columns with a Deliverable bullet: conflict", map[string]string{sq + "team.md": team7, sq + "history/Squad Lead.md": histDeliverable}, "v0.16.0-pre", false, 0, "conflict"},
		{"schemaVersion newer than known", map[string]string{sq + "team.md": team8, sq + "state.json": json14}, "v0.16.0-pre", false, 1, "newer"},
		{"no evidence", map[string]string{sq + "decisions.md": "# Decisions\n"}, "v0.16.0-pre", false, 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ch := detectIn(tt.files)
			flag := ""
			switch {
			case ch.conflict:
				flag = "conflict"
			case ch.newer != "":
				flag = "newer"
			case ch.older != "":
				flag = "older"
			case ch.against != "":
				flag = "against"
			}
			if ch.profile.first != tt.want || ch.pinned != tt.pinned || len(ch.fits) != tt.fits || flag != tt.flag {
				t.Errorf("got %s pinned=%v fits=%d flag=%q; want %s pinned=%v fits=%d flag=%q\nevidence: %+v",
					ch.profile.first, ch.pinned, len(ch.fits), flag, tt.want, tt.pinned, tt.fits, tt.flag, ch.evidence)
			}
		})
	}
}

// detectIn chooses the profile of the top squad root of a repository
// made of files.
func detectIn(files map[string]string) *profileChoice {
	r := &Repo{Files: map[string][]byte{}}
	for p, s := range files {
		r.Files[p] = []byte(s)
		r.Paths = append(r.Paths, p)
	}
	sort.Strings(r.Paths)
	c := &checker{repo: r, docs: map[string]*doc{}}
	pin := c.readPin()
	for _, h := range c.hveRoots() {
		if h.dir == hveBase {
			c.parseHVE(h)
			return detectProfile(h, pin, nil)
		}
	}
	return detectProfile(&hveRoot{dir: hveBase, files: map[string]*doc{}}, pin, nil)
}

// TestProfilesInReleaseOrder keeps the table sorted and contiguous: each
// span starts after the previous one ends, and every span names releases
// squadci knows.
func TestProfilesInReleaseOrder(t *testing.T) {
	known := map[string]bool{}
	for _, r := range hveReleases {
		known[r.tag] = true
	}
	var prev version
	for i, p := range hveProfiles {
		first, ok1 := parseVersion(p.first)
		last, ok2 := parseVersion(p.last)
		if !ok1 || !ok2 || !known[p.first] || !known[p.last] || last.less(first) {
			t.Errorf("profile %s: span %s is not a span of known releases", p.name, p.span())
		}
		if i > 0 && !prev.less(first) {
			t.Errorf("profile %s starts before the previous span ends", p.name)
		}
		if p.commit == "" || !strings.HasPrefix(p.name, "v") {
			t.Errorf("profile %s names no commit", p.name)
		}
		prev = last
	}
}

package squadstate

import (
	"testing"
)

// hveFuzzRoot is a small, valid squad root the fuzzed state.json joins.
var hveFuzzRoot = map[string]string{
	hveBase + "team.md": "---\ndescription: \"roster\"\n---\n\n# Squad Roster\n\n## Members\n\n" +
		"| Role | Member Name | Agent Name (Primary) | Alternate Agents | Selection Cue | Invocation | Model Tier | Deliverable Root |\n" +
		"|---|---|---|---|---|---|---|---|\n| lead | Beta | Squad Lead | — | — | runSubagent / task | default | .copilot-tracking/plans/ |\n",
	hveBase + "decisions.md":          "---\ndescription: \"log\"\n---\n\n# Squad Decisions\n\n<!-- Append new decision entries below this line. -->\n",
	hveBase + "consumption.md":        "---\ndescription: \"ledger\"\n---\n\n# Ledger\n\n## Attribution\n\n| Role |\n|---|\n| orchestration |\n\n## Usage & Cost\n\n| Role | Turns | In Tokens | Cached | Cache Wr | Out Tokens | Est. Cost (USD) | Est. Credits |\n|---|---|---|---|---|---|---|---|\n| orchestration | 1 | 1 | 1 | 1 | 1 | 0.5 | 50 |\n| **Total** | **1** | **1** | **1** | **1** | **1** | **0.5** | **50** |\n",
	hveBase + "history/Squad Lead.md": "---\ndescription: \"h\"\n---\n\n# History: Squad Lead\n\n### 2026-03-02T08:00:00Z Plan\n\n* Deliverable: `.copilot-tracking/plans/p.md`\n\n#### Consumption\n\n```json\n{}\n```\n",
}

// FuzzHVEState runs every check with a fuzzed state.json in an otherwise
// valid root: no panic, and every finding's span lies inside its file.
func FuzzHVEState(f *testing.F) {
	for _, s := range []string{
		`{"schemaVersion":"1.3","updated":"2026-03-02T08:00:00Z","turn":1,"mode":"interactive","activeRoles":[],"openEscalations":[],` +
			`"currentRun":{"sessionModel":"auto","modelOverrides":{},"estCostUsd":0.5,"estCreditsTotal":50},` +
			`"notify":{"approvalChannel":"in-chat","enabled":false,"email":"","github":{"handle":"","repo":""}}}`,
		`{"turn":-1,"profile":"x","trigger":{"sub":1},"currentRun":{"sessionModel":"unknown","estCostUsd":"x"}}`,
		`{"turn":1e400,"turn":2}`, `[]`, `{`, "\xEF\xBB\xBF{}", `{"notify":{"github":[]}}`, `{"currentRun":null}`, `"`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, state []byte) {
		files := map[string][]byte{hveBase + "state.json": state}
		for p, s := range hveFuzzRoot {
			files[p] = []byte(s)
		}
		r := &Repo{Files: files, Exchanges: []Exchange{{Path: ".connector-drops/x/.squad-connector/t-1.state.json", Src: state}}}
		for _, d := range Check(r) {
			src, ok := files[d.Path]
			if d.Path == r.Exchanges[0].Path {
				src, ok = state, true
			}
			if !ok {
				continue // a finding about a file that is not loaded sits at its start
			}
			if d.Span.Start < 0 || d.Span.End > len(src) || d.Span.Start > d.Span.End {
				t.Fatalf("%s: span %+v outside [0,%d]: %s", d.Path, d.Span, len(src), d.Message)
			}
		}
	})
}

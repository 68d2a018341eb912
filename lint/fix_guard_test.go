package lint

import (
	"testing"

	"github.com/squadci/squadci/lint/diag"
)

func TestEvidenceIsNeverFixed(t *testing.T) {
	s := &session{boxes: newPathScope([]string{".connector-drops/acme/", "drops/other/"})}
	for p, want := range map[string]bool{
		".connector-drops/acme/t-1.request.json":                   true,
		".connector-drops/acme/notes.md":                           true, // anything under a mailbox
		"drops/other/t-1.claim.json":                               true,
		"elsewhere/.squad-connector/t-1.state.json":                true,
		"elsewhere/.squad-connector/t-1.lock":                      true,
		"elsewhere/t-9.result.json":                                true, // an exchange file by its name
		"elsewhere/t-9.snapshot.json":                              true,
		"connectors/acme.json":                                     false,
		".squad/config.json":                                       false,
		".github/agents/review.agent.md":                           false,
		".connector-drops/acme-other/x.json":                       false, // a sibling, not the mailbox
		".squad/agents/flight/charter.md":                          false,
		".copilot-tracking/squad/state.json":                       false, // squadstate keeps that one itself
		"docs/squad-connector/example.md":                          false,
		".connector-drops/acme.json":                               false,
		"drops/other.md":                                           false,
		"x/.squad-connectorx/t.json":                               false,
		"examples/.connector-drops/acme/t-1.request.json.template": false,
	} {
		if got := s.evidence(p); got != want {
			t.Errorf("evidence(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestKeepFix(t *testing.T) {
	fixable := &diag.Rule{ID: "XX001", Fixable: true}
	plain := &diag.Rule{ID: "XX002"}
	s := &session{}
	fix := diag.Replace(diag.Span{Start: 10, End: 14}, "x")
	d := diag.Diagnostic{Path: "connectors/a.json", Fix: fix}
	cases := []struct {
		name   string
		rule   *diag.Rule
		secret []diag.Span
		keep   bool
	}{
		{"fixable rule", fixable, nil, true},
		{"rule not fixable", plain, nil, false},
		{"the edit touches a credential", fixable, []diag.Span{{Start: 12, End: 30}}, false},
		{"a credential elsewhere", fixable, []diag.Span{{Start: 14, End: 30}}, true},
	}
	for _, tc := range cases {
		if got := s.keepFix(tc.rule, d, tc.secret); (got != nil) != tc.keep {
			t.Errorf("%s: kept %v, want %v", tc.name, got != nil, tc.keep)
		}
	}
}

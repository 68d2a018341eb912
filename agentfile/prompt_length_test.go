package agentfile

import (
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/diag"
)

// TestPromptTooLongVendorCoordinator: Squad's coordinator is longer than
// GitHub's cap in every release and `squad upgrade` rewrites it, so there
// the finding is a note that says so; any other agent file keeps the error.
func TestPromptTooLongVendorCoordinator(t *testing.T) {
	src := []byte("---\nname: Squad\ndescription: the coordinator\n---\n" + strings.Repeat("word ", MaxPromptChars/5+10) + "\n")
	tests := []struct {
		path     string
		want     diag.Severity
		upstream bool
	}{
		{".github/agents/squad.agent.md", diag.SeverityNote, true},
		{"/work/repo/.github/agents/squad.agent.md", diag.SeverityNote, true},
		{".github/agents/planner.agent.md", diag.SeverityError, false},
		{"docs/.github/agents-squad.agent.md", diag.SeverityError, false},
		{"notsquad.agent.md", diag.SeverityError, false},
	}
	for _, tc := range tests {
		var got []diag.Diagnostic
		for _, d := range Check(tc.path, src) {
			if d.Rule == rulePromptTooLong.ID {
				got = append(got, d)
			}
		}
		if len(got) != 1 {
			t.Errorf("%s: %d AF110 findings, want 1", tc.path, len(got))
			continue
		}
		if got[0].Severity != tc.want || strings.Contains(got[0].Message, "squad upgrade") != tc.upstream {
			t.Errorf("%s: %v %q, want %v (upstream note %v)", tc.path, got[0].Severity, got[0].Message, tc.want, tc.upstream)
		}
	}
}

package review

import (
	"strings"
	"testing"
)

// TestCommentBodyCandidates: a finding's candidates follow its message on
// a line of their own, escaped like the message; the message is unchanged.
func TestCommentBodyCandidates(t *testing.T) {
	f := finding("a.md", 1, 1, fp(1))
	f.Message = `"x" names no agent; see its candidates`
	f.Candidates = []string{"Plan", "my_agent"}
	c := commentBody(&f, nil)
	if !strings.Contains(c, f.Message+"\n\ncandidates: Plan, my\\_agent\n\n") {
		t.Errorf("comment body:\n%s", c)
	}
	f.Candidates = nil
	if c := commentBody(&f, nil); strings.Contains(c, "candidates:") {
		t.Errorf("no candidates, yet:\n%s", c)
	}
}

package lint

import (
	"testing"
)

// TestBaselineDoesNotHideADifferentMistake: a baseline entry stands for
// one mistake, not for its rule in its file. Swapping the baselined
// unknown key of an agent for another unknown key in the same file, and
// adding a second one, reports the new ones (the baseline matches on the
// identity, never on rule and path alone).
func TestBaselineDoesNotHideADifferentMistake(t *testing.T) {
	const path = ".github/agents/reviewer.agent.md"
	agent := func(keys string) string {
		return "---\nname: Reviewer\ndescription: Review changes\ntools: []\n" + keys + "---\nReview.\n"
	}
	root := identityRepo(t, map[string]string{path: agent("colour: red\n")})
	before := lintIdentity(t, root)
	if countRule(before, "AF102") != 1 {
		t.Fatalf("AF102 findings = %d, want 1: %+v", countRule(before, "AF102"), before.Findings)
	}
	for _, tc := range []struct {
		name, keys string
		want       int
	}{
		{"the same mistake", "colour: red\n", 0},
		{"another mistake of the rule", "flavour: sweet\n", 1},
		{"the mistake and another", "colour: red\nflavour: sweet\n", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			writeIdentityFile(t, root, path, agent(tc.keys))
			left := baselined(t, before, lintIdentity(t, root), "AF102")
			if len(left) != tc.want {
				t.Errorf("findings left by the baseline = %d, want %d: %+v", len(left), tc.want, left)
			}
			for _, f := range left {
				if f.Line != 5 && f.Line != 6 || f.Message == "" {
					t.Errorf("left %s at line %d: %s", f.Rule, f.Line, f.Message)
				}
			}
		})
	}
}

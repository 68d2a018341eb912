package endpoint

import (
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/secrets"
)

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		name string
		o    Options
		want string // "" when valid
	}{
		{"agent", Options{Kind: KindAgent, Name: "research-agent", Role: "researcher"}, ""},
		{"orchestrator", Options{Kind: KindOrchestrator, Name: "lead", Role: "developer", Workers: []string{"impl", "check"}}, ""},
		{"no name", Options{Kind: KindAgent, Role: "researcher"}, "--name is required"},
		{"unsafe name", Options{Kind: KindAgent, Name: "../x", Role: "researcher"}, `"../x"`},
		{"governance role", Options{Kind: KindAgent, Name: "x", Role: "council"}, `"council"`},
		{"bad kind", Options{Kind: "robot", Name: "x", Role: "researcher"}, `"robot"`},
		{"agent with worker", Options{Kind: KindAgent, Name: "x", Role: "researcher", Workers: []string{"w"}}, "only an orchestrator"},
		{"orchestrator without worker", Options{Kind: KindOrchestrator, Name: "x", Role: "developer"}, "at least one --worker"},
		{"worker named like the endpoint", Options{Kind: KindOrchestrator, Name: "x", Role: "developer", Workers: []string{"x"}}, "own name"},
		{"skill twice", Options{Kind: KindAgent, Name: "x", Role: "researcher", Skills: []string{"s", "s"}}, `"s" is given twice`},
		{"bad connector id", Options{Kind: KindAgent, Name: "x", Role: "researcher", ConnectorID: "A"}, `"A"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.o.Check()
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("got %v, want an error naming %s", err, tc.want)
			}
		})
	}
}

// TestGeneratedFilesHoldNoCredential: no file (charters, stubs, runbooks)
// carries a credential shape or a placeholder to fill in, and every charter
// says it is a starter to replace.
func TestGeneratedFilesHoldNoCredential(t *testing.T) {
	o := Options{Kind: KindOrchestrator, Name: "lead", Role: "developer", Workers: []string{"impl", "check"},
		Skills: []string{"org-a", "org-b"}, ConnectorID: "acme-lead"}
	files := append(NewPlan(t.TempDir(), &o).Files, AdaptationRunbook(&AdaptOptions{Path: "tools/x", Role: "developer", ID: "acme-x", Kind: KindOrchestrator}))
	if len(files) != 7 {
		t.Fatalf("%d files, want 3 charters, 2 stubs and 2 runbooks", len(files))
	}
	for _, f := range files {
		text := string(f.Data)
		if ms := secrets.Scan(text); len(ms) > 0 {
			t.Errorf("%s holds a credential shape at %d", f.Rel, ms[0].Start)
		}
		if strings.Contains(text, "REPLACE_") {
			t.Errorf("%s holds a placeholder", f.Rel)
		}
		if strings.HasSuffix(f.Rel, ".agent.md") && !strings.Contains(text, starterNote) {
			t.Errorf("%s does not say it is a starter", f.Rel)
		}
	}
}

func TestDisplayName(t *testing.T) {
	for in, want := range map[string]string{"research-agent": "Research Agent", "x": "X", "v2-lead": "V2 Lead"} {
		if got := DisplayName(in); got != want {
			t.Errorf("DisplayName(%q) = %q, want %q", in, got, want)
		}
	}
}

package lint

import (
	"strings"
	"testing"
)

const badAgentFile = "---\ndescription: 3\n---\nBody.\n"

// TestKindsOffSkipsAgentFiles: kinds.agents: false leaves agent files
// undiscovered, and one named on the command line gets SQ004 saying why.
func TestKindsOffSkipsAgentFiles(t *testing.T) {
	root := writeTree(t, map[string]string{".github/agents/a.agent.md": badAgentFile})
	on := lintTree(t, root, Options{})
	if len(on.Run.Findings) == 0 {
		t.Fatal("a bad agent file gave no finding with every kind on")
	}
	cfg, err := ParseConfig(".squadci.yml", []byte("kinds:\n  agents: false\n  skills: true\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !cfg.KindOn("skills") || cfg.KindOn("agents") {
		t.Fatalf("KindsOff = %v", cfg.KindsOff)
	}
	off := lintTree(t, root, Options{Config: cfg})
	if n := len(off.Run.Findings); n != 0 {
		t.Fatalf("kinds.agents false: %d findings, want none: %+v", n, off.Run.Findings)
	}
	named := lintTree(t, root, Options{Config: cfg, Targets: []string{".github/agents/a.agent.md"}, Named: true})
	if len(named.Run.Findings) != 1 || named.Run.Findings[0].Rule != "SQ004" ||
		!strings.Contains(named.Run.Findings[0].Message, "kinds.agents is false in .squadci.yml") {
		t.Fatalf("named file with its kind off: %+v", named.Run.Findings)
	}
}

// TestConfigBooleansInAnyCase: YAML's True and TRUE are true, as yaml.v3
// reads them, for notify.dispatch and kinds alike.
func TestConfigBooleansInAnyCase(t *testing.T) {
	for _, v := range []string{"true", "True", "TRUE"} {
		cfg, err := ParseConfig(".squadci.yml", []byte("notify:\n  dispatch: "+v+"\nkinds:\n  skills: "+v+"\n  prompts: FALSE\n"))
		if err != nil {
			t.Fatal(err)
		}
		if !cfg.Notify.Dispatch || !cfg.KindOn("skills") || cfg.KindOn("prompts") {
			t.Errorf("%s: dispatch %v, skills on %v, prompts on %v", v, cfg.Notify.Dispatch, cfg.KindOn("skills"), cfg.KindOn("prompts"))
		}
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --name takes the slug or the display name the tool derives from it; the
// other form is derived, and the output names the file written.
func TestEndpointNewNameEitherForm(t *testing.T) {
	for _, name := range []string{"acme-research-agent", "Acme Research Agent", "  Acme  Research Agent "} {
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			code, out, stderr := run(t, root, "endpoint", "new", "--name", name, "--role", "researcher")
			if code != exitOK {
				t.Fatalf("exit %d\n%s%s", code, out, stderr)
			}
			for _, want := range []string{"endpoint Acme Research Agent is acme-research-agent: its charter is .github/agents/acme-research-agent.agent.md\n",
				"created .github/agents/acme-research-agent.agent.md\n"} {
				if !strings.Contains(out, want) {
					t.Errorf("stdout lacks %q:\n%s", want, out)
				}
			}
			b, err := os.ReadFile(filepath.Join(root, ".github/agents/acme-research-agent.agent.md"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(b), "name: Acme Research Agent\n") || !strings.Contains(string(b), "**ID:** acme-research-agent\n") {
				t.Errorf("charter:\n%s", b)
			}
			lintClean(t, root)
		})
	}
	// A display name keeps its own capitals; its slug is lowercase.
	root := t.TempDir()
	code, out, stderr := run(t, root, "endpoint", "new", "--name", "ACME Research Agent", "--role", "researcher")
	if code != exitOK || !strings.Contains(out, "endpoint ACME Research Agent is acme-research-agent:") {
		t.Fatalf("exit %d\n%s%s", code, out, stderr)
	}
	// A name that gives no valid slug is refused, naming what was typed and
	// what it would become.
	code, out, stderr = run(t, t.TempDir(), "endpoint", "new", "--name", "Acme's Agent", "--role", "researcher")
	if code != exitUsage || !strings.Contains(stderr, `--name "Acme's Agent"`) || !strings.Contains(stderr, `"acme's-agent"`) {
		t.Errorf("exit %d\n%s%s", code, out, stderr)
	}
}

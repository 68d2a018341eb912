package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// lintClean runs the lint engine on root and fails unless it exits 0 with no
// error, warning or note.
func lintClean(t *testing.T, root string) {
	t.Helper()
	code, out, stderr := run(t, root, "lint", "--root", ".")
	if code != exitOK || !strings.Contains(stderr, "0 errors, 0 warnings, 0 notes") {
		t.Fatalf("lint exit %d, not clean:\n%s%s", code, out, stderr)
	}
}

func globCount(t *testing.T, root, pattern string) int {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(pattern)))
	if err != nil {
		t.Fatal(err)
	}
	return len(m)
}

func TestEndpointNewLintsClean(t *testing.T) {
	for _, tc := range []struct {
		name             string
		args             []string
		charters, skills int
		manifest         string // "" when no connector is made
	}{
		{"agent", []string{"--name", "research-agent", "--role", "researcher"}, 1, 0, ""},
		{"agent with skills and connector", []string{"--name", "research-agent", "--role", "researcher", "--skill", "org-research",
			"--skill", "org-citations", "--connector", "acme-research", "--contact", "a@example.com"}, 1, 2, "acme-research"},
		{"orchestrator", []string{"--kind", "orchestrator", "--name", "delivery-lead", "--role", "developer",
			"--worker", "implementer", "--worker", "validator", "--worker", "researcher-helper", "--skill", "org-dotnet"}, 4, 1, ""},
		{"orchestrator with connector", []string{"--kind", "orchestrator", "--name", "delivery-lead", "--role", "developer",
			"--worker", "implementer", "--connector", "acme-delivery", "--contact", "a@example.com", "--capability", "Delivers changes."}, 2, 0, "acme-delivery"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			code, out, stderr := run(t, root, append([]string{"endpoint", "new"}, tc.args...)...)
			if code != exitOK {
				t.Fatalf("exit %d\n%s%s", code, out, stderr)
			}
			if n := globCount(t, root, ".github/agents/*.agent.md"); n != tc.charters {
				t.Errorf("%d charters, want %d", n, tc.charters)
			}
			if n := globCount(t, root, ".github/skills/*/SKILL.md"); n != tc.skills {
				t.Errorf("%d skill stubs, want %d", n, tc.skills)
			}
			if n := globCount(t, root, "docs/endpoints/*.md"); n != 1 {
				t.Errorf("%d runbooks, want 1", n)
			}
			wantManifests := 0
			if tc.manifest != "" {
				wantManifests = 1
				if _, err := os.Stat(filepath.Join(root, "connectors", tc.manifest+".json")); err != nil {
					t.Errorf("--connector made no manifest: %v", err)
				}
			}
			if n := globCount(t, root, "connectors/*.json"); n != wantManifests {
				t.Errorf("%d manifests, want %d", n, wantManifests)
			}
			lintClean(t, root)
		})
	}
}

// TestEndpointOrchestratorListsWorkers: agents: names every worker, by the
// name its own charter declares, and each worker file exists.
func TestEndpointOrchestratorListsWorkers(t *testing.T) {
	root := t.TempDir()
	if code, out, stderr := run(t, root, "endpoint", "new", "--kind", "orchestrator", "--name", "delivery-lead", "--role", "developer",
		"--worker", "implementer", "--worker", "validator"); code != exitOK {
		t.Fatalf("exit %d\n%s%s", code, out, stderr)
	}
	orch := readFile(t, root, ".github/agents/delivery-lead.agent.md")
	if !strings.Contains(orch, "agents:\n  - Implementer\n  - Validator\n---") {
		t.Errorf("agents: does not list the workers:\n%s", orch)
	}
	for file, name := range map[string]string{"implementer": "Implementer", "validator": "Validator"} {
		w := readFile(t, root, ".github/agents/"+file+".agent.md")
		if !strings.Contains(w, "name: "+name+"\n") || !strings.Contains(w, "Do not take on another worker's responsibility") {
			t.Errorf("%s is not a bounded worker named %s:\n%s", file, name, w)
		}
	}
}

func readFile(t *testing.T, root, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestEndpointSkillStubSaysReplace(t *testing.T) {
	root := t.TempDir()
	if code, out, stderr := run(t, root, "endpoint", "new", "--name", "research-agent", "--role", "researcher", "--skill", "org-research"); code != exitOK {
		t.Fatalf("exit %d\n%s%s", code, out, stderr)
	}
	s := readFile(t, root, ".github/skills/org-research/SKILL.md")
	for _, want := range []string{"name: org-research\n", "description: ", "replace it with the real skill", "replace this file"} {
		if !strings.Contains(s, want) {
			t.Errorf("skill stub lacks %q:\n%s", want, s)
		}
	}
}

// TestEndpointReusesInstalledSkill: an installed skill is named, never
// replaced by a stub.
func TestEndpointReusesInstalledSkill(t *testing.T) {
	root := t.TempDir()
	skill := "---\nname: org-research\ndescription: Our research method.\n---\n\nThe real method.\n"
	writeFile(t, root, ".agents/skills/org-research/SKILL.md", skill)
	code, out, stderr := run(t, root, "endpoint", "new", "--name", "research-agent", "--role", "researcher", "--skill", "org-research")
	if code != exitOK || !strings.Contains(out, "reusing .agents/skills/org-research/SKILL.md") {
		t.Fatalf("exit %d\n%s%s", code, out, stderr)
	}
	if got := readFile(t, root, ".agents/skills/org-research/SKILL.md"); got != skill {
		t.Errorf("installed skill changed:\n%s", got)
	}
	if n := globCount(t, root, ".github/skills/*/SKILL.md"); n != 0 {
		t.Errorf("a stub was written beside the installed skill")
	}
	lintClean(t, root)
}

// TestEndpointRefusesExistingFiles: a file that exists (one of its own, or
// the connector's) stops the command before anything is written.
func TestEndpointRefusesExistingFiles(t *testing.T) {
	orch := []string{"endpoint", "new", "--kind", "orchestrator", "--name", "delivery-lead", "--role", "developer",
		"--worker", "implementer", "--skill", "org-dotnet", "--connector", "acme-delivery", "--contact", "a@example.com"}
	for _, tc := range []struct {
		name, existing, names string
		args                  []string
	}{
		{"worker charter", ".github/agents/implementer.agent.md", ".github/agents/implementer.agent.md", orch},
		{"skill", ".github/skills/org-dotnet/SKILL.md", "", orch}, // reused, so the run succeeds
		{"runbook", "docs/endpoints/delivery-lead.md", "docs/endpoints/delivery-lead.md", orch},
		{"connector manifest", "connectors/acme-delivery.json", "connectors/acme-delivery.json", orch},
		{"adaptation runbook", "docs/endpoints/acme-old-adaptation.md", "docs/endpoints/acme-old-adaptation.md",
			[]string{"endpoint", "adapt", "--path", "tools/old", "--role", "researcher", "--id", "acme-old", "--contact", "a@example.com"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			writeFile(t, root, "tools/old/agent.md", "an implementation\n")
			writeFile(t, root, tc.existing, "---\nname: mine\ndescription: Mine.\n---\nMine.\n")
			before := snapshotTree(t, root)
			code, out, stderr := run(t, root, tc.args...)
			if tc.names == "" {
				if code != exitOK {
					t.Fatalf("exit %d\n%s%s", code, out, stderr)
				}
				if got := readFile(t, root, tc.existing); got != before[tc.existing].data {
					t.Errorf("%s changed", tc.existing)
				}
				return
			}
			if code != exitUsage || !strings.Contains(stderr, tc.names) {
				t.Errorf("exit %d, want 2 naming %s\n%s%s", code, tc.names, out, stderr)
			}
			if after := snapshotTree(t, root); !reflect.DeepEqual(before, after) {
				t.Errorf("the refusal changed the tree: before %v, after %v", keys(before), keys(after))
			}
		})
	}
}

func keys(s fileState) []string {
	var k []string
	for p := range s {
		k = append(k, p)
	}
	return k
}

// TestEndpointAdaptLeavesImplementationByteIdentical: every file of the
// adapted tree keeps its bytes and mode; only the connector artifacts and
// the adaptation runbook are new, and they lint clean.
func TestEndpointAdaptLeavesImplementationByteIdentical(t *testing.T) {
	for _, kind := range []string{"agent", "orchestrator"} {
		t.Run(kind, func(t *testing.T) {
			root := t.TempDir()
			writeFile(t, root, "tools/existing/research.agent.md", "---\nname: Existing\ndescription: Ours.\ntools: [read]\n---\nResearch.\n")
			writeFile(t, root, "tools/existing/skills/ours/SKILL.md", "---\nname: ours\ndescription: Ours.\n---\nOur method.\n")
			writeFile(t, root, "tools/existing/run.sh", "#!/bin/sh\necho run\n")
			if err := os.Chmod(filepath.Join(root, "tools/existing/run.sh"), 0o755); err != nil {
				t.Fatal(err)
			}
			impl := filepath.Join(root, "tools", "existing")
			before := snapshotTree(t, impl)
			code, out, stderr := run(t, root, "endpoint", "adapt", "--path", "tools/existing", "--role", "researcher",
				"--id", "acme-existing", "--kind", kind, "--contact", "a@example.com")
			if code != exitOK {
				t.Fatalf("exit %d\n%s%s", code, out, stderr)
			}
			if after := snapshotTree(t, impl); !reflect.DeepEqual(before, after) {
				t.Fatalf("adapt changed the implementation")
			}
			for _, rel := range []string{"connectors/acme-existing.json", "docs/endpoints/acme-existing-adaptation.md"} {
				if _, err := os.Stat(filepath.Join(root, rel)); err != nil {
					t.Errorf("adapt did not write %s: %v", rel, err)
				}
			}
			if n := globCount(t, root, ".github/agents/*"); n != 0 {
				t.Errorf("adapt wrote %d charters; it writes only connector artifacts and the runbook", n)
			}
			rb := readFile(t, root, "docs/endpoints/acme-existing-adaptation.md")
			wants := []string{"`tools/existing`", "`deliverableRoot`", "`taskId`", "`bindingId`", ".github/skills/<name>/SKILL.md"}
			if kind == "orchestrator" {
				wants = append(wants, "`allowedOutputs`", "`outputs`", "`provenance.fanOut`")
			}
			for _, want := range wants {
				if !strings.Contains(rb, want) {
					t.Errorf("adaptation runbook does not map %s", want)
				}
			}
			lintClean(t, root)
		})
	}
}

// TestEndpointAdaptRefusesPathHoldingItsFiles: adapting a directory that
// would receive the connector's files would change it.
func TestEndpointAdaptRefusesPathHoldingItsFiles(t *testing.T) {
	for _, path := range []string{".", "docs", "connectors"} {
		t.Run(path, func(t *testing.T) {
			root := t.TempDir()
			writeFile(t, root, "docs/keep.md", "mine\n")
			writeFile(t, root, "connectors/README.md", "mine\n")
			before := snapshotTree(t, root)
			code, _, stderr := run(t, root, "endpoint", "adapt", "--path", path, "--role", "researcher", "--id", "acme-x", "--contact", "a@example.com")
			if code != exitUsage || !strings.Contains(stderr, "--path "+path) {
				t.Errorf("exit %d, want 2 naming --path %s\n%s", code, path, stderr)
			}
			if !reflect.DeepEqual(before, snapshotTree(t, root)) {
				t.Errorf("the refusal changed the tree")
			}
		})
	}
}

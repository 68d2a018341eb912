package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// ciWorkflow is what TestCIWorkflowAsStrictAsCIRun reads of a workflow.
type ciWorkflow struct {
	Env  map[string]string `yaml:"env"`
	Jobs map[string]struct {
		Env   map[string]string `yaml:"env"`
		Steps []struct {
			Name string            `yaml:"name"`
			Run  string            `yaml:"run"`
			Env  map[string]string `yaml:"env"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

// goTest matches a `go test` command line.
var goTest = regexp.MustCompile(`(?m)^\s*(?:[A-Z_]+=\S*\s+)*go\s+test\b`)

// TestCIWorkflowAsStrictAsCIRun: the repository's GitHub workflow runs
// .ci/run, which installs the outside tools and sets SQUADCI_REQUIRE_TOOLS=1
// before the README's test command, and no step of any workflow runs
// `go test` without SQUADCI_REQUIRE_TOOLS=1, so a tool-dependent test that
// cannot run fails on GitHub as it does here instead of skipping.
func TestCIWorkflowAsStrictAsCIRun(t *testing.T) {
	run, err := os.ReadFile(filepath.Join(repoRoot, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	script := string(run)
	req := strings.Index(script, "export SQUADCI_REQUIRE_TOOLS=1")
	test := strings.Index(script, "\ngo test ./...")
	if req < 0 || test < 0 || req > test {
		t.Errorf(".ci/run must export SQUADCI_REQUIRE_TOOLS=1 before it runs go test ./... (export at %d, go test at %d)", req, test)
	}
	if dirty := strings.Index(script, "git status --porcelain"); dirty < test {
		t.Error(".ci/run does not fail when the tests leave the checkout dirty (git status --porcelain after go test ./...)")
	}
	if !strings.Contains(script, "apt-get update") {
		t.Error(".ci/run installs its Debian packages without apt-get update")
	}

	ws, _ := filepath.Glob(filepath.Join(repoRoot, ".github", "workflows", "*.yml"))
	if len(ws) == 0 {
		t.Fatal("no workflows")
	}
	runsCI := false
	for _, w := range ws {
		b, err := os.ReadFile(w)
		if err != nil {
			t.Fatal(err)
		}
		var wf ciWorkflow
		if err := yaml.Unmarshal(b, &wf); err != nil {
			t.Fatalf("%s: %v", w, err)
		}
		for name, job := range wf.Jobs {
			for _, st := range job.Steps {
				if regexp.MustCompile(`(?m)^\s*(?:bash\s+)?(?:\./)?\.ci/run\s*$`).MatchString(st.Run) && filepath.Base(w) == "ci.yml" {
					runsCI = true
				}
				if !goTest.MatchString(st.Run) {
					continue
				}
				v, ok := st.Env["SQUADCI_REQUIRE_TOOLS"]
				if !ok {
					v, ok = job.Env["SQUADCI_REQUIRE_TOOLS"]
				}
				if !ok {
					v = wf.Env["SQUADCI_REQUIRE_TOOLS"]
				}
				if v != "1" && !strings.Contains(st.Run, "SQUADCI_REQUIRE_TOOLS=1") {
					t.Errorf("%s: job %s, step %q runs go test without SQUADCI_REQUIRE_TOOLS=1: a test whose tool is missing would skip", filepath.Base(w), name, st.Name)
				}
			}
		}
	}
	if !runsCI {
		t.Error("ci.yml has no step that runs .ci/run")
	}
}

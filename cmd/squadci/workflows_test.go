package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// repoRoot is the module root, two levels above this package.
var repoRoot = filepath.Join("..", "..")

// docPages are the README and every page under docs/: the documentation
// whose commands and snippets the tests keep true.
func docPages(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no docs/*.md pages (%v)", err)
	}
	return append([]string{filepath.Join(repoRoot, "README.md")}, pages...)
}

// readmeWorkflows extracts every ```yaml block of the README and of docs/
// that is a workflow (has `on:` and `jobs:`), so the documented examples
// are linted.
func readmeWorkflows(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, page := range docPages(t) {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		blocks := regexp.MustCompile("(?s)```ya?ml\n(.*?)```").FindAllStringSubmatch(string(b), -1)
		base := strings.TrimSuffix(filepath.Base(page), ".md")
		for i, m := range blocks {
			if regexp.MustCompile(`(?m)^on:`).MatchString(m[1]) && regexp.MustCompile(`(?m)^jobs:`).MatchString(m[1]) {
				out[fmt.Sprintf("doc-%s-%d.yml", strings.ToLower(base), i)] = m[1]
			}
		}
	}
	if len(out) < 4 {
		t.Fatalf("the README and docs/ show %d workflows; expected the PR, review, pre-commit and scheduled ones at least", len(out))
	}
	return out
}

// reusableWorkflowRef is how callers name the reusable workflow; the lint
// points it at the local file, so actionlint checks the call's inputs and
// secrets against the workflow's declarations.
var reusableWorkflowRef = regexp.MustCompile(`squadci/squadci/\.github/workflows/squad-connector\.yml@\S+`)

// exampleWorkflows reads examples/*.yml, with calls of the reusable workflow
// pointed at the local copy.
func exampleWorkflows(t *testing.T) map[string]string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(repoRoot, "examples", "*.yml"))
	if len(files) == 0 {
		t.Fatal("no workflows in examples/")
	}
	out := map[string]string{}
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out["example-"+filepath.Base(p)] = reusableWorkflowRef.ReplaceAllString(string(b), "./.github/workflows/squad-connector.yml")
	}
	return out
}

// TestActionlint runs actionlint on this repository's workflows, on
// examples/*.yml and on every workflow the README shows.
func TestActionlint(t *testing.T) {
	bin := testtool.LookPath(t, "actionlint", "go install github.com/rhysd/actionlint/cmd/actionlint@v1.7.12")
	// actionlint checks every run: script with shellcheck when it is on PATH.
	if _, err := exec.LookPath("shellcheck"); err != nil {
		if testtool.Required() {
			t.Fatal("shellcheck not found and SQUADCI_REQUIRE_TOOLS=1 (apt-get install shellcheck)")
		}
		t.Log("shellcheck not found: the run: scripts are not checked (apt-get install shellcheck)")
	}
	dir := t.TempDir()
	wf := filepath.Join(dir, ".github", "workflows")
	if err := os.MkdirAll(wf, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range readmeWorkflows(t) {
		content = reusableWorkflowRef.ReplaceAllString(content, "./.github/workflows/squad-connector.yml")
		if err := os.WriteFile(filepath.Join(wf, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	own, _ := filepath.Glob(filepath.Join(repoRoot, ".github", "workflows", "*.yml"))
	if len(own) == 0 {
		t.Fatal("no workflows in .github/workflows")
	}
	// Own workflows keep their names, so a call to
	// ./.github/workflows/squad-connector.yml resolves.
	for _, p := range own {
		b, _ := os.ReadFile(p)
		if err := os.WriteFile(filepath.Join(wf, filepath.Base(p)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, content := range exampleWorkflows(t) {
		if err := os.WriteFile(filepath.Join(wf, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// actionlint resolves `uses: ./` against the project, so the action's
	// metadata sits at the temporary project's root as in this repository.
	action, _ := os.ReadFile(filepath.Join(repoRoot, "action.yml"))
	if err := os.WriteFile(filepath.Join(dir, "action.yml"), action, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-no-color")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("actionlint: %v\n%s", err, out)
	}
}

// TestActionValidator checks action.yml (and the workflows) against the
// action and workflow schemas with @action-validator/cli.
func TestActionValidator(t *testing.T) {
	bin := testtool.LookPath(t, "action-validator", "npm install @action-validator/cli")
	files := []string{filepath.Join(repoRoot, "action.yml")}
	own, _ := filepath.Glob(filepath.Join(repoRoot, ".github", "workflows", "*.yml"))
	for _, f := range append(files, own...) {
		checked := withoutNewerPermissions(t, f)
		out, err := exec.Command(bin, checked).CombinedOutput()
		if err != nil || strings.Contains(string(out), "Fatal") {
			t.Errorf("action-validator %s: %v\n%s", f, err, out)
		}
	}
}

// newerPermission is a job permission GitHub documents that the workflow
// schema bundled in @action-validator/cli 0.6.0 (its newest release)
// predates: `attestations` (artifact attestations, 2024), which it rejects
// as an additional property. actionlint knows it and checks the real file.
var newerPermission = regexp.MustCompile(`(?m)^\s+attestations: (read|write|none)\b.*\n`)

// withoutNewerPermissions returns f, or a copy of it without the
// permission lines the validator's schema does not know yet.
func withoutNewerPermissions(t *testing.T, f string) string {
	t.Helper()
	b, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	if !newerPermission.Match(b) {
		return f
	}
	copyPath := filepath.Join(t.TempDir(), filepath.Base(f))
	if err := os.WriteFile(copyPath, newerPermission.ReplaceAll(b, nil), 0o644); err != nil {
		t.Fatal(err)
	}
	return copyPath
}

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// TestPreCommitParity runs this repository's hooks with the real pre-commit
// framework (`pre-commit run --all-files`, with a config naming the
// checkout at its revision, see sharedPreCommit) on a squad tree that holds a broken agent file, a .squadci.yml
// whose paths.include adds a manifest outside connectors/, that manifest's
// custom dropPath with a broken exchange, and files squadci does not check.
// The findings must be exactly those of a plain `squadci lint` of the tree:
// no SQ004 for the files pre-commit passes that discovery skips, and nothing
// the configuration reaches left out. A commit-time run (the staged files
// only, unstaged changes stashed) must equal `squadci lint --staged`.
func TestPreCommitParity(t *testing.T) {
	t.Parallel() // pre-commit builds squadci in its own PRE_COMMIT_HOME: beside the other long scenarios
	if testing.Short() {
		t.Skip("builds squadci inside pre-commit; skipped with -short")
	}
	pc := sharedPreCommit(t) // shared: the golang hook's build is reused
	t.Run("hand-built", func(t *testing.T) {
		dir := newGitRepo(t, handBuiltSquad)
		checkPreCommitParity(t, pc, dir)
	})
	t.Run("squad-init", func(t *testing.T) {
		sq := testtool.Squad(t)
		preload := filepath.Join(t.TempDir(), "offline.cjs")
		if err := os.WriteFile(preload, []byte(offlineJS), 0o644); err != nil {
			t.Fatal(err)
		}
		dir := runSquadVariant(t, sq, preload, squadVariant{name: "init", steps: steps("init")}, "")
		if _, err := os.Stat(filepath.Join(dir, ".squad", "templates")); err != nil {
			t.Fatalf("squad init wrote no .squad/templates/: %v", err)
		}
		checkPreCommitParity(t, pc, dir)
	})
}

// handBuiltSquad stands in for `squad init` when the Squad CLI is missing:
// a roster with a charter, and the template and memory files that squad
// init writes and discovery does not check.
var handBuiltSquad = map[string]string{
	".squad/team.md":                       "# Squad Team\n\n## Members\n\n| Name | Role | Charter | Status |\n|------|------|---------|--------|\n| Ripley | Lead | `.squad/agents/ripley/charter.md` | ✅ Active |\n",
	".squad/agents/ripley/charter.md":      "# Ripley — Lead\n\n## Identity\n\n- **Name:** Ripley\n- **Role:** Lead\n",
	".squad/templates/charter.md":          "# {Name} — {Role}\n\n## Identity\n",
	".squad/templates/casting-policy.json": `{"universe": "{universe}"}` + "\n",
	".squad/memory/notes.md":               "# Notes\n",
	".squad/decisions.md":                  "# Decisions\n",
	".gitattributes":                       ".squad/decisions.md merge=union\n",
}

// parityFiles are added to both trees: a broken agent file, a manifest that
// only paths.include reaches, with a custom dropPath holding a broken
// request, and files of no kind squadci checks.
var parityFiles = map[string]string{
	".github/agents/broken.agent.md": "---\nname: broken\ndescription: [unclosed\n---\nBody.\n",
	".squadci.yml":                   "version: 1\npaths:\n  include: [\"integrations/*.json\"]\n",
	"integrations/research.json": strings.Replace(badManifest,
		`".connector-drops/acme-research-agent/"`, `"exchanges/research/"`, 1),
	"exchanges/research/t1.request.json": `{"taskId": 5}` + "\n",
	"package.json":                       `{"name": "web", "version": "1.0.0"}` + "\n",
	"docs/guide.md":                      "# Guide\n",
}

func checkPreCommitParity(t *testing.T, pc preCommitSetup, dir string) {
	t.Helper()
	writeFiles(t, dir, parityFiles)
	mustGit(t, dir, "add", "-A")
	squadci := squadciBinary(t)
	plain, plainSummary := cliFindings(t, dir, squadci, "lint")
	for _, want := range []string{"AF003 .github/agents/broken.agent.md:", "CN101 integrations/research.json:", "CN203 exchanges/research/t1.request.json:"} {
		if !containsPrefix(plain, want) {
			t.Fatalf("plain lint lacks %q; the tree does not exercise what it should:\n%s", want, strings.Join(plain, "\n"))
		}
	}
	env := []string{"NO_COLOR=1", "PATH=" + filepath.Dir(squadci) + string(os.PathListSeparator) + os.Getenv("PATH")}
	try := func(hook string, extra ...string) string {
		t.Helper()
		out, err := pc.run(dir, hook, env, extra...)
		if err == nil || !strings.Contains(out, "- exit code: 1") {
			t.Fatalf("pre-commit run %s %v: want the hook to fail with exit 1, got %v\n%s", hook, extra, err, out)
		}
		return out
	}
	for _, hook := range []string{"squadci", "squadci-system"} {
		out := try(hook, "--all-files")
		got, summary := parseFindings(out)
		compareFindings(t, hook+" --all-files", got, plain)
		if summary != plainSummary {
			t.Errorf("%s --all-files summary %q, plain lint %q", hook, summary, plainSummary)
		}
	}

	// A commit: the staged files only, with an unstaged change stashed.
	writeFiles(t, dir, map[string]string{
		".gitattributes":                     "# no union merge\n",
		"exchanges/research/t1.request.json": `{"taskId": "t1"}` + "\n",
	})
	mustGit(t, dir, "add", ".gitattributes", "exchanges/research/t1.request.json")
	writeFiles(t, dir, map[string]string{".github/agents/other.agent.md": "---\nname: other\n---\nBody.\n"})
	mustGit(t, dir, "add", ".github/agents/other.agent.md")
	writeFiles(t, dir, map[string]string{".github/agents/other.agent.md": "---\nname: [unclosed\n---\nUnstaged.\n"})
	staged, stagedSummary := cliFindings(t, dir, squadci, "lint", "--staged")
	if !containsPrefix(staged, "SS250 .gitattributes:") {
		t.Fatalf("lint --staged lacks SS250 on .gitattributes:\n%s", strings.Join(staged, "\n"))
	}
	out := try("squadci-system")
	got, summary := parseFindings(out)
	compareFindings(t, "squadci-system at a commit", got, staged)
	if summary != stagedSummary {
		t.Errorf("squadci-system at a commit: summary %q, lint --staged %q", summary, stagedSummary)
	}
}

// findingLine is a finding's first line in the text and oneline formats.
var findingLine = regexp.MustCompile(`^(\S[^:]*):(\d+):(\d+): (error|warning|note): (.*) \[([A-Z]+[0-9]+)\]( \[fixable\])?$`)

// parseFindings returns every finding of a text output as "RULE
// path:line:col: severity: message", sorted, and its summary line.
func parseFindings(out string) (findings []string, summary string) {
	for _, line := range strings.Split(out, "\n") {
		if m := findingLine.FindStringSubmatch(line); m != nil {
			findings = append(findings, m[6]+" "+m[1]+":"+m[2]+":"+m[3]+": "+m[4]+": "+m[5])
		} else if strings.HasPrefix(line, "squadci: ") && strings.Contains(line, "checked:") {
			summary = line
		}
	}
	sort.Strings(findings)
	return findings, summary
}

func cliFindings(t *testing.T, dir, squadci string, args ...string) ([]string, string) {
	t.Helper()
	cmd := exec.Command(squadci, args...)
	cmd.Dir, cmd.Env = dir, append(os.Environ(), "NO_COLOR=1")
	out, _ := cmd.CombinedOutput()
	return parseFindings(string(out))
}

func compareFindings(t *testing.T, name string, got, want []string) {
	t.Helper()
	count := map[string]int{}
	for _, f := range want {
		count[f]++
	}
	for _, f := range got {
		count[f]--
	}
	var diff []string
	for f, n := range count {
		switch {
		case n > 0:
			diff = append(diff, "missing: "+f)
		case n < 0:
			diff = append(diff, "extra:   "+f)
		}
	}
	sort.Strings(diff)
	if len(diff) > 0 {
		t.Errorf("%s differs from plain squadci (%d findings, want %d):\n%s", name, len(got), len(want), strings.Join(diff, "\n"))
	}
}

func containsPrefix(list []string, prefix string) bool {
	for _, s := range list {
		if strings.HasPrefix(s, prefix) {
			return true
		}
	}
	return false
}

package lint

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/report"
)

// mcpAgent is an agent file with an error-level finding (AF116: a server
// without tools:, which the cloud agent refuses).
const mcpAgent = "---\ndescription: \"x\"\nmcp-servers:\n  foo:\n    type: local\n    command: x\n    args: [\"a\"]\n---\nbody\n"

// hveLock is an apm.lock.yaml in the shape APM writes, deploying one agent
// file and one skill folder from microsoft/hve-core.
const hveLock = `lockfile_version: '1'
generated_at: '2026-11-02T10:00:00+00:00'
apm_version: 0.33.0
dependencies:
- repo_url: microsoft/hve-core
  host: github.com
  resolved_commit: 0123456789abcdef0123456789abcdef01234567
  resolved_ref: v3.2.2
  version: 3.2.2
  package_type: apm_package
  deployed_files:
  - .agents/skills/obsidian
  - .github/agents/hve.agent.md
  deployed_file_hashes:
    .github/agents/hve.agent.md: sha256:de74154b914769a13b4dc594f998db0e745280f8890af1ca526f10b10d0ecc5a
- repo_url: https://github.com/github/awesome-copilot.git
  resolved_commit: 3e36d367091a1e67b77974cade6f1aa48bc77a81
  resolved_ref: 3e36d367091a1e67b77974cade6f1aa48bc77a81
  virtual_path: agents/accessibility.agent.md
  is_virtual: true
  deployed_files:
  - .github/agents/accessibility.agent.md
local_deployed_files:
- .github/agents/own.agent.md
`

func ruleFindings(fs []report.Finding, rule, path string) []report.Finding {
	var out []report.Finding
	for _, f := range fs {
		if f.Rule == rule && f.Path == path {
			out = append(out, f)
		}
	}
	return out
}

// TestVendorAPMDeployedFiles: a finding on a file APM deployed from a
// dependency is at most a warning and names the package and its ref; the
// project's own files (also its local_deployed_files) keep their error.
func TestVendorAPMDeployedFiles(t *testing.T) {
	root := writeTree(t, map[string]string{
		"apm.lock.yaml":                         hveLock,
		".github/agents/hve.agent.md":           mcpAgent,
		".github/agents/accessibility.agent.md": mcpAgent,
		".github/agents/own.agent.md":           mcpAgent,
		".agents/skills/obsidian/SKILL.md":      "---\nname: other-name\ndescription: d\n---\nbody\n",
	})
	res := lintTree(t, root, Options{})
	cases := []struct{ path, sev, clause string }{
		{".github/agents/hve.agent.md", "warning", " (installed by APM from microsoft/hve-core@v3.2.2: fix upstream or pin another release)"},
		{".github/agents/accessibility.agent.md", "warning",
			" (installed by APM from github/awesome-copilot/agents/accessibility.agent.md@3e36d367091a: fix upstream or pin another release)"},
		{".github/agents/own.agent.md", "error", ""},
	}
	for _, c := range cases {
		fs := ruleFindings(res.Run.Findings, "AF116", c.path)
		if len(fs) != 1 {
			t.Fatalf("%s: %d AF116 findings, want 1: %+v", c.path, len(fs), res.Run.Findings)
		}
		f := fs[0]
		if f.Severity.String() != c.sev {
			t.Errorf("%s: AF116 is %s, want %s", c.path, f.Severity, c.sev)
		}
		if c.clause == "" && strings.Contains(f.Message, "APM") || c.clause != "" && !strings.HasSuffix(f.Message, c.clause) {
			t.Errorf("%s: message %q, want it to end with %q", c.path, f.Message, c.clause)
		}
	}
	// A file below a deployed folder is the package's too, at every severity.
	for _, f := range res.Run.Findings {
		if f.Path == ".agents/skills/obsidian/SKILL.md" && !strings.Contains(f.Message, "microsoft/hve-core@v3.2.2") {
			t.Errorf("%s %s: %q does not name the package", f.Rule, f.Severity, f.Message)
		}
		if strings.HasPrefix(f.Path, ".github/agents/hve") && f.Severity == diag.SeverityError {
			t.Errorf("%s on a deployed file is an error: %q", f.Rule, f.Message)
		}
	}
}

// TestVendorSquadShipped: what `squad upgrade` rewrites (the coordinator,
// its shipped skills) is Squad's: an error there is a warning that names
// the coordinator's version; a skill the team wrote keeps its severity.
func TestVendorSquadShipped(t *testing.T) {
	coordinator := strings.Replace(mcpAgent, "body\n", "<!-- version: 0.10.0 -->\nbody\n", 1)
	root := writeTree(t, map[string]string{
		".squad/team.md":                               "# Team\n",
		".github/agents/squad.agent.md":                coordinator,
		".github/agents/mine.agent.md":                 mcpAgent,
		".copilot/skills/git-workflow/SKILL.md":        "---\nname: [x\n---\n",
		".github/workflows/squad-ci.yml":               "on: push\n",
		".squad/templates/charter.md":                  "# Charter\n",
		".github/skills/not-squads-own-skill/SKILL.md": "---\nname: [x\n---\n",
	})
	res := lintTree(t, root, Options{})
	fs := ruleFindings(res.Run.Findings, "AF116", squadCoordinatorPath)
	if len(fs) != 1 || fs[0].Severity != diag.SeverityWarning ||
		!strings.HasSuffix(fs[0].Message, " (shipped by Squad 0.10.0: `squad upgrade` rewrites it)") {
		t.Errorf("coordinator AF116: %+v, want one warning naming Squad 0.10.0", fs)
	}
	if fs := ruleFindings(res.Run.Findings, "AF116", ".github/agents/mine.agent.md"); len(fs) != 1 || fs[0].Severity != diag.SeverityError {
		t.Errorf("the team's own agent: %+v, want its error", fs)
	}
	for _, f := range res.Run.Findings {
		shipped := f.Path == ".copilot/skills/git-workflow/SKILL.md"
		if shipped && (f.Severity == diag.SeverityError || !strings.Contains(f.Message, "Squad 0.10.0")) {
			t.Errorf("shipped skill: %s %s %q", f.Rule, f.Severity, f.Message)
		}
		if f.Path == ".github/skills/not-squads-own-skill/SKILL.md" && strings.Contains(f.Message, "shipped by Squad") {
			t.Errorf("a skill Squad does not ship is called Squad's: %q", f.Message)
		}
	}
}

func TestSquadUpgrades(t *testing.T) {
	yes := []string{".github/agents/squad.agent.md", ".squad/templates/roster.md", ".squad/templates/casting/x.json",
		".ai-team/templates/charter.md", ".copilot/skills/squad-conventions/SKILL.md", ".github/workflows/sync-squad-labels.yml"}
	no := []string{".squad/team.md", ".squad/casting-registry.json", ".copilot/skills/my-skill/SKILL.md",
		".copilot/skills/git-workflow/notes.md", ".github/workflows/ci.yml", ".github/agents/other.agent.md"}
	for _, p := range yes {
		if !squadUpgrades(p) {
			t.Errorf("%s: squad upgrade rewrites it", p)
		}
	}
	for _, p := range no {
		if squadUpgrades(p) {
			t.Errorf("%s: squad upgrade leaves it alone", p)
		}
	}
}

func TestParseAPMLock(t *testing.T) {
	for name, src := range map[string]string{
		"list":      "dependencies:\n- repo_url: a/b\n  resolved_ref: v1\n  deployed_files: [x/y.md]\n",
		"map":       "dependencies:\n  a/b:\n    repo_url: a/b\n    resolved_ref: v1\n    deployed_files: [./x/y.md]\n",
		"broken":    "dependencies: [\n",
		"not a map": "- 1\n",
		"local":     "dependencies:\n- source: local\n  local_path: ../pkg\n  deployed_files: [x/y.md]\n",
	} {
		l := parseAPMLock([]byte(src))
		v := l.owner("x/y.md")
		switch name {
		case "list", "map":
			if v == nil || v.clause() != "installed by APM from a/b@v1: fix upstream or pin another release" {
				t.Errorf("%s: owner %+v", name, v)
			}
		case "local":
			if v == nil || !strings.Contains(v.clause(), "local package ../pkg") {
				t.Errorf("%s: owner %+v", name, v)
			}
		default:
			if v != nil {
				t.Errorf("%s: owner %+v, want none", name, v)
			}
		}
		if l.owner("x/y.mdx") != nil || l.owner("x") != nil {
			t.Errorf("%s: a prefix that is no folder matched", name)
		}
	}
}

func TestWithClause(t *testing.T) {
	got := withClause("too long (Squad's coordinator: `squad upgrade` rewrites this file, so the fix is upstream)", "shipped by Squad 0.10.0")
	if got != "too long (shipped by Squad 0.10.0)" {
		t.Errorf("domain clause not replaced: %q", got)
	}
	if got := withClause("unknown key (did you mean x?)", "c"); got != "unknown key (did you mean x?) (c)" {
		t.Errorf("%q", got)
	}
}

// brokenRefTree has five prompts with the same broken reference, one with
// another, and an APM lock that deployed none of them.
func brokenRefTree(t *testing.T, n int) map[string]string {
	t.Helper()
	files := map[string]string{
		".github/prompts/other.prompt.md": "---\ndescription: \"o\"\n---\nSee [x](../../elsewhere.md).\n",
	}
	for i := 1; i <= n; i++ {
		files[".github/prompts/p"+string(rune('0'+i))+".prompt.md"] = "---\ndescription: \"p\"\n---\nSee [guide](../../docs/guide.md).\n"
	}
	return files
}

// TestOneCauseOneFinding: five prompts with the same broken relative
// reference are one finding with four related locations, in every format;
// a different reference stays its own finding.
func TestOneCauseOneFinding(t *testing.T) {
	root := writeTree(t, brokenRefTree(t, 5))
	res := lintTree(t, root, Options{})
	var grouped []report.Finding
	for _, f := range res.Run.Findings {
		if f.Rule == "PF108" {
			grouped = append(grouped, f)
		}
	}
	if len(grouped) != 2 {
		t.Fatalf("%d PF108 findings, want 2 (one per cause): %+v", len(grouped), grouped)
	}
	g := grouped[1]
	if g.Path != ".github/prompts/p1.prompt.md" || len(g.Others) != 4 || len(g.Also) != 4 || len(grouped[0].Others) != 0 {
		t.Fatalf("grouped finding %s with %d others (%d also), other finding %d others", g.Path, len(g.Others), len(g.Also), len(grouped[0].Others))
	}
	for i, o := range g.Others {
		if want := ".github/prompts/p" + string(rune('2'+i)) + ".prompt.md"; o.Path != want || o.Line != 4 || o.Column != 13 || o.Fingerprint == "" {
			t.Errorf("other %d: %s:%d:%d, want %s:4:13 with its own fingerprint", i, o.Path, o.Line, o.Column, want)
		}
	}

	var js bytes.Buffer
	if err := report.WriteJSON(&js, &res.Run); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Diagnostics []struct {
			Rule, Path string
			Related    []struct{ Path string }
		}
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	related := map[string]int{}
	for _, d := range doc.Diagnostics {
		if d.Rule == "PF108" {
			related[d.Path] = len(d.Related)
		}
	}
	if len(related) != 2 || related[".github/prompts/p1.prompt.md"] != 4 {
		t.Errorf("json: PF108 related %v", related)
	}

	var jl bytes.Buffer
	if err := report.WriteJSONL(&jl, &res.Run); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(jl.String(), `"rule":"PF108"`); n != 2 || !strings.Contains(jl.String(), `"related":[{"path":".github/prompts/p2.prompt.md","line":4,"column":13`) {
		t.Errorf("jsonl: %d PF108 lines:\n%s", n, jl.String())
	}

	var text bytes.Buffer
	if err := report.WriteText(&text, &res.Run, report.TextOptions{Gutter: false}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "(and 4 other files) [PF108]") || strings.Count(text.String(), "[PF108]") != 2 {
		t.Errorf("oneline:\n%s", text.String())
	}

	var sarif bytes.Buffer
	if _, err := report.WriteSARIF(&sarif, &res.Run); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID           string
				RelatedLocations []json.RawMessage
			}
		}
	}
	if err := json.Unmarshal(sarif.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	counts := []int{}
	for _, r := range log.Runs[0].Results {
		if r.RuleID == "PF108" {
			counts = append(counts, len(r.RelatedLocations))
		}
	}
	if len(counts) != 2 || counts[0]+counts[1] != 4 {
		t.Errorf("sarif: PF108 results with %v related locations, want 2 results, 4 in all", counts)
	}
	if tool := testtool.MultitoolPath(); tool != "" || testtool.Required() {
		in := filepath.Join(t.TempDir(), "out.sarif")
		if err := os.WriteFile(in, sarif.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		if problems, _ := testtool.ValidateSARIF(t, testtool.Multitool(t), in); len(problems) > 0 {
			t.Errorf("multitool reports errors:\n%s", strings.Join(problems, "\n"))
		}
	}
}

// TestGroupedIdentity: a grouped finding's identity is its cause's, the
// same whichever files of it are fixed or added, and a baseline hides its
// members one by one, so a file that newly has the same mistake is new.
func TestGroupedIdentity(t *testing.T) {
	identity := func(n int) (string, *Result) {
		res := lintTree(t, writeTree(t, brokenRefTree(t, n)), Options{})
		for _, f := range res.Run.Findings {
			if f.Rule == "PF108" && len(f.Others) > 0 {
				return f.CauseFingerprint(), res
			}
		}
		t.Fatalf("%d files: no grouped finding", n)
		return "", nil
	}
	five, res := identity(5)
	if three, _ := identity(3); three != five {
		t.Errorf("identity changed with the files of the cause: %s vs %s", three, five)
	}

	b := NewBaseline(res.Run.Findings)
	if got := b.Total(); got != 6 {
		t.Fatalf("baseline records %d findings, want every member (6)", got)
	}
	files := brokenRefTree(t, 6) // p6 is new
	res6 := lintTree(t, writeTree(t, files), Options{})
	b.Apply(&res6.Run, func(string) bool { return true })
	var left []string
	for _, f := range res6.Run.Findings {
		if f.Rule == "PF108" {
			left = append(left, f.Path)
			if len(f.Others) != 0 {
				t.Errorf("the new member is grouped with baselined ones: %+v", f.Others)
			}
		}
	}
	if len(left) != 1 || left[0] != ".github/prompts/p6.prompt.md" {
		t.Errorf("after the baseline: PF108 on %v, want only the new p6", left)
	}
	if res6.Run.Adoption.BaselineHidden != 6 {
		t.Errorf("baseline hid %d, want 6", res6.Run.Adoption.BaselineHidden)
	}
}

// TestAnchorIsNoCause: findings whose span only anchors them (AF113 about
// a missing tools: points at the front matter's ---) share no cause across
// files, though their messages are the same.
func TestAnchorIsNoCause(t *testing.T) {
	agent := "---\ndescription: \"x\"\n---\nbody\n"
	res := lintTree(t, writeTree(t, map[string]string{".github/agents/a.agent.md": agent, ".github/agents/b.agent.md": agent}), Options{})
	n := 0
	for _, f := range res.Run.Findings {
		if f.Rule == "AF113" {
			n++
			if len(f.Others) > 0 {
				t.Errorf("%s: grouped by its anchor: %+v", f.Path, f.Others)
			}
		}
	}
	if n != 2 {
		t.Errorf("%d AF113 findings, want one per file", n)
	}
}

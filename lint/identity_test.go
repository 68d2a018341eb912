package lint

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/squadci/squadci/agentfile"
	"github.com/squadci/squadci/lint/report"
)

// identityRepo writes files (path → text) under a new temporary root.
func identityRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, text := range files {
		writeIdentityFile(t, root, p, text)
	}
	return root
}

func writeIdentityFile(t *testing.T, root, p, text string) {
	t.Helper()
	full := filepath.Join(root, filepath.FromSlash(p))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func lintIdentity(t *testing.T, root string) *report.Run {
	t.Helper()
	res, err := Lint(context.Background(), Options{Files: &DiskFiles{Root: root, NoGit: true}})
	if err != nil {
		t.Fatal(err)
	}
	return &res.Run
}

// baselined writes a baseline of run, reads it back and applies it to
// again, returning the findings of the given rules it did not hide.
func baselined(t *testing.T, before, again *report.Run, rules ...string) []report.Finding {
	t.Helper()
	b, err := ParseBaseline("b.json", NewBaseline(before.Findings).Marshal())
	if err != nil {
		t.Fatal(err)
	}
	b.Apply(again, func(string) bool { return true })
	var out []report.Finding
	for _, f := range report.Ungroup(again.Findings) {
		for _, r := range rules {
			if f.Rule == r {
				out = append(out, f)
			}
		}
	}
	return out
}

func countRule(run *report.Run, rule string) int {
	n := 0
	for _, f := range report.Ungroup(run.Findings) {
		if f.Rule == rule {
			n++
		}
	}
	return n
}

// longAgent is an agent whose prompt body passes the cloud agent's cap.
func longAgent(eol string) string {
	var b strings.Builder
	b.WriteString("---" + eol + "name: planner" + eol + "description: Plans the work" + eol + "---" + eol)
	line := strings.Repeat("plan the work carefully ", 3) + eol
	for range (agentfile.MaxPromptChars + 5000) / 73 {
		b.WriteString(line)
	}
	return b.String()
}

// TestIdentityAF110SurvivesEditsAndLineEndings: a baselined AF110 stays
// baselined when text is added above its cut point and when the file's
// line endings change either way.
func TestIdentityAF110SurvivesEditsAndLineEndings(t *testing.T) {
	const path = ".github/agents/planner.agent.md"
	for _, tc := range []struct {
		name         string
		before, edit func() string
	}{
		{"text above the cut point", func() string { return longAgent("\n") }, func() string {
			s := longAgent("\n")
			i := strings.Index(s, "---\nplan") + 4
			return s[:i] + "A new first paragraph of the prompt.\n\n" + s[i:]
		}},
		{"CRLF to LF", func() string { return longAgent("\r\n") }, func() string { return longAgent("\n") }},
		{"LF to CRLF", func() string { return longAgent("\n") }, func() string { return longAgent("\r\n") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := identityRepo(t, map[string]string{path: tc.before()})
			before := lintIdentity(t, root)
			if countRule(before, "AF110") != 1 {
				t.Fatalf("AF110 findings before = %d, want 1: %+v", countRule(before, "AF110"), before.Findings)
			}
			writeIdentityFile(t, root, path, tc.edit())
			again := lintIdentity(t, root)
			if countRule(again, "AF110") != 1 {
				t.Fatalf("AF110 findings after = %d, want 1", countRule(again, "AF110"))
			}
			if left := baselined(t, before, again, "AF110"); len(left) != 0 {
				t.Errorf("baselined AF110 came back: %+v", left)
			}
		})
	}
}

// TestIdentityAF110CountsCRLFAsOne: the count a CRLF checkout reports is
// the LF one, as the host reads it.
func TestIdentityAF110CountsCRLFAsOne(t *testing.T) {
	msg := func(eol string) string {
		root := identityRepo(t, map[string]string{".github/agents/planner.agent.md": longAgent(eol)})
		for _, f := range lintIdentity(t, root).Findings {
			if f.Rule == "AF110" {
				return f.Message
			}
		}
		return ""
	}
	if lf, crlf := msg("\n"), msg("\r\n"); lf == "" || lf != crlf {
		t.Errorf("LF message %q, CRLF message %q", lf, crlf)
	}
}

// squadRepo is a squad with no coordinator, .gitattributes or .gitignore.
func squadRepo() map[string]string {
	return map[string]string{
		".squad/team.md": "# Team\n\n## Members\n\n| Name | Role | Charter | Status |\n|------|------|---------|--------|\n" +
			"| Ripley | Lead | .squad/agents/ripley/charter.md | active |\n",
		".squad/agents/ripley/charter.md": "# Ripley\n\nLeads the team.\n",
	}
}

// TestIdentityRepoLevelFindings: SS209, SS250 and SS251, about files the
// repository lacks, survive an edit of the first squad file's line 1 and
// a new unrelated file.
func TestIdentityRepoLevelFindings(t *testing.T) {
	rules := []string{"SS209", "SS250", "SS251"}
	root := identityRepo(t, squadRepo())
	before := lintIdentity(t, root)
	for _, r := range rules {
		if countRule(before, r) != 1 {
			t.Fatalf("%s findings = %d, want 1: %+v", r, countRule(before, r), before.Findings)
		}
	}
	team := squadRepo()[".squad/team.md"]
	writeIdentityFile(t, root, ".squad/team.md", "# The team of the project\n"+strings.TrimPrefix(team, "# Team\n"))
	writeIdentityFile(t, root, ".squad/a-notes.md", "# Notes\n\nNothing yet.\n")
	writeIdentityFile(t, root, ".squad/agents/ash/charter.md", "# Ash\n\nScience officer.\n")
	again := lintIdentity(t, root)
	for _, r := range rules {
		if countRule(again, r) != 1 {
			t.Fatalf("%s findings after = %d, want 1", r, countRule(again, r))
		}
	}
	if left := baselined(t, before, again, rules...); len(left) != 0 {
		t.Errorf("baselined repository-level findings came back: %+v", left)
	}
}

// identities is the multiset of (rule, identity path, identity,
// occurrence) of a run, sorted.
func identities(run *report.Run) []string {
	var ids []string
	for _, f := range report.Ungroup(run.Findings) {
		ids = append(ids, f.Rule+" "+report.IdentityPath(f.Diagnostic)+" "+f.Fingerprint)
	}
	sort.Strings(ids)
	return ids
}

// sarifIdentities is the multiset of (rule, squadci/v2 partial
// fingerprint) of a run's SARIF log, sorted.
func sarifIdentities(t *testing.T, run *report.Run) []string {
	t.Helper()
	var buf bytes.Buffer
	if err := report.Write(&buf, report.FormatSARIF, run, report.Options{}); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID              string            `json:"ruleId"`
				PartialFingerprints map[string]string `json:"partialFingerprints"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	var sarif []string
	for _, r := range log.Runs {
		for _, res := range r.Results {
			sarif = append(sarif, res.RuleID+" "+res.PartialFingerprints["squadci/v2"])
		}
	}
	sort.Strings(sarif)
	return sarif
}

// TestIdentitySARIFStableAcrossEdits: the squadci/v2 partialFingerprints of
// AF110 and the repository-level findings survive the edits above.
func TestIdentitySARIFStableAcrossEdits(t *testing.T) {
	files := squadRepo()
	files[".github/agents/planner.agent.md"] = longAgent("\r\n")
	root := identityRepo(t, files)
	before := sarifIdentities(t, lintIdentity(t, root))
	writeIdentityFile(t, root, ".github/agents/planner.agent.md", strings.Replace(longAgent("\n"), "---\nplan", "---\nFirst.\nplan", 1))
	writeIdentityFile(t, root, ".squad/team.md", "# Our team\n"+strings.TrimPrefix(files[".squad/team.md"], "# Team\n"))
	writeIdentityFile(t, root, ".squad/a-notes.md", "# Notes\n")
	after := sarifIdentities(t, lintIdentity(t, root))
	for _, r := range []string{"AF110 ", "SS209 ", "SS250 ", "SS251 "} {
		var b, a []string
		for _, s := range before {
			if strings.HasPrefix(s, r) {
				b = append(b, s)
			}
		}
		for _, s := range after {
			if strings.HasPrefix(s, r) {
				a = append(a, s)
			}
		}
		if len(b) != 1 || strings.Join(a, ",") != strings.Join(b, ",") {
			t.Errorf("%s partialFingerprints before %v, after %v", r, b, a)
		}
	}
}

// TestIdentityVersion1Baseline: a version 1 baseline still hides what it
// hid, and says that --write-baseline rewrites it.
func TestIdentityVersion1Baseline(t *testing.T) {
	root := identityRepo(t, squadRepo())
	run := lintIdentity(t, root)
	var buf strings.Builder
	buf.WriteString(`{"version": 1, "tool": "squadci",` + "\n" + ` "findings": [` + "\n")
	seen := map[string]int{}
	fs := report.Ungroup(run.Findings)
	for _, f := range fs {
		seen[f.Rule+"\x00"+f.Path+"\x00"+f.LegacyFingerprint]++
	}
	i := 0
	for k, n := range seen {
		p := strings.Split(k, "\x00")
		e, _ := json.Marshal(map[string]any{"rule": p[0], "path": p[1], "fingerprint": p[2], "count": n})
		if i > 0 {
			buf.WriteString(",\n")
		}
		buf.Write(e)
		i++
	}
	buf.WriteString("\n ]}\n")
	b, err := ParseBaseline("old.json", []byte(buf.String()))
	if err != nil {
		t.Fatal(err)
	}
	if note := b.Note(); !strings.Contains(note, "version 1") || !strings.Contains(note, "--write-baseline old.json") {
		t.Errorf("note = %q", note)
	}
	if len(fs) == 0 {
		t.Fatal("no findings")
	}
	again := lintIdentity(t, root)
	b.Apply(again, func(string) bool { return true })
	if len(again.Findings) != 0 || again.Adoption.BaselineHidden != len(fs) {
		t.Errorf("left %+v, hidden %d of %d", again.Findings, again.Adoption.BaselineHidden, len(fs))
	}
	if nb, _ := ParseBaseline("new.json", NewBaseline(run.Findings).Marshal()); nb == nil || nb.Note() != "" || nb.Version != 2 {
		t.Errorf("a fresh baseline = %+v", nb)
	}
}

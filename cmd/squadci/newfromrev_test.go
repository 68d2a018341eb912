package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func agentDoc(name string, tools bool, body string) string {
	fm := "---\nname: " + name + "\ndescription: Does " + name + ".\n"
	if tools {
		fm += "tools: ['read']\n"
	}
	return fm + "---\n# " + name + "\n\n" + body
}

// promptLines is n lines of 100 characters each.
func promptLines(n int) string {
	return strings.Repeat(strings.Repeat("x", 99)+"\n", n)
}

// TestNewFromRevComparesWithRevision: the lint of REV is the reference. A
// prompt grown past AF110's limit by lines far above the cut point and a
// deleted tools: line (AF113 on the unchanged line 1) are new; the
// whole-file AF113 of an edited agent existed at REV and is not; a renamed
// agent keeps its finding; a fixed finding is absent; identical findings
// count as a multiset.
func TestNewFromRevComparesWithRevision(t *testing.T) {
	dir := newGitRepo(t, map[string]string{
		".github/agents/long.agent.md":  agentDoc("long", true, promptLines(295)),
		".github/agents/old.agent.md":   agentDoc("old", false, "body\n"),
		".github/agents/gone.agent.md":  agentDoc("gone", false, "first\nsecond\nthird\nfourth\n"),
		".github/agents/fixed.agent.md": agentDoc("fixed", false, "body\n"),
		".github/agents/tools.agent.md": agentDoc("tools", true, "body\n"),
	})
	commitAll(t, dir, "base")
	if code, got, errs := lintJSON(t, dir, "--new-from-rev", "HEAD"); code != 0 || len(got) != 0 {
		t.Fatalf("unchanged tree: code %d, %v\n%s", code, got, errs)
	}
	mustGit(t, dir, "mv", ".github/agents/gone.agent.md", ".github/agents/moved.agent.md")
	writeFiles(t, dir, map[string]string{
		".github/agents/long.agent.md":  agentDoc("long", true, "added near the top\n"+promptLines(10)+promptLines(295)),
		".github/agents/old.agent.md":   agentDoc("old", false, "body, edited\nand more\n"),
		".github/agents/moved.agent.md": agentDoc("gone", false, "first\nsecond\nthird\nfourth, edited\n"),
		".github/agents/fixed.agent.md": agentDoc("fixed", true, "body\n"),
		".github/agents/tools.agent.md": agentDoc("tools", false, "body\n"),
	})
	code, got, errs := lintJSON(t, dir, "--new-from-rev", "HEAD")
	var rules []string
	for _, g := range got {
		rules = append(rules, g[strings.Index(g, ".github/agents/")+len(".github/agents/"):])
	}
	want := []string{"long.agent.md:" + af110Line(t, dir) + ":AF110", "tools.agent.md:1:AF113"}
	if code != 1 || !sameList(rules, want...) {
		t.Errorf("--new-from-rev HEAD: code %d\n got %v\nwant %v\n%s", code, rules, want, errs)
	}
}

// af110Line is the line plain lint reports AF110 on.
func af110Line(t *testing.T, dir string) string {
	t.Helper()
	_, got, _ := lintJSON(t, dir)
	for _, g := range got {
		if strings.HasSuffix(g, ":AF110") {
			parts := strings.Split(g, ":")
			return parts[len(parts)-2]
		}
	}
	t.Fatalf("no AF110 in plain lint: %v", got)
	return ""
}

// TestNewFromRevMultiset: one identical finding at REV and two now leave
// one reported.
func TestNewFromRevMultiset(t *testing.T) {
	dir := newGitRepo(t, map[string]string{"connectors/a.json": adoptManifest("alpha", "5")})
	commitAll(t, dir, "base")
	writeFiles(t, dir, map[string]string{"connectors/a.json": adoptManifest("alpha", "5", "5")})
	_, all, _ := lintJSON(t, dir)
	code, got, errs := lintJSON(t, dir, "--new-from-rev", "HEAD")
	if code != 1 || len(got) != 1 || len(all) != 2 {
		t.Errorf("multiset: code %d, new %v of %v\n%s", code, got, all, errs)
	}
}

// TestNewFromRevWithFixKeepsRenames: with --fix the renames are found
// before the fix runs, and a renamed, edited agent still keeps the finding
// it had at REV.
func TestNewFromRevWithFixKeepsRenames(t *testing.T) {
	dir := newGitRepo(t, map[string]string{
		".github/agents/gone.agent.md": agentDoc("gone", false, "first\nsecond\nthird\nfourth\n"),
	})
	commitAll(t, dir, "base")
	mustGit(t, dir, "mv", ".github/agents/gone.agent.md", ".github/agents/moved.agent.md")
	writeFiles(t, dir, map[string]string{".github/agents/moved.agent.md": agentDoc("gone", false, "first\nsecond\nthird\nfourth, edited\n")})
	if _, all, _ := lintJSON(t, dir); len(all) == 0 {
		t.Fatal("the moved agent has no finding to keep")
	}
	for _, args := range [][]string{{"--new-from-rev", "HEAD"}, {"--fix", "--new-from-rev", "HEAD"}} {
		if code, got, errs := lintJSON(t, dir, args...); code != 0 || len(got) != 0 {
			t.Errorf("%v: code %d, %v\n%s", args, code, got, errs)
		}
	}
}

// TestNewFromRevUnchangedFileNewFinding: a SKILL.md whose bytes are the
// same in both trees gets a new SK107 when the file it links to is
// deleted (its check at REV found the link; the work tree's must not reuse
// that answer), and none when the file it lacked at REV is added.
func TestNewFromRevUnchangedFileNewFinding(t *testing.T) {
	skill := func(name, link string) string {
		return "---\nname: " + name + "\ndescription: Use when testing " + name + " references.\n---\n# " + name + "\n\nRead [the guide](" + link + ").\n"
	}
	dir := newGitRepo(t, map[string]string{
		".github/skills/kept/SKILL.md":             skill("kept", "references/guide.md"),
		".github/skills/kept/references/guide.md":  "guide\n",
		".github/skills/added/SKILL.md":            skill("added", "references/later.md"),
		".github/skills/other/SKILL.md":            skill("other", "references/notes.md"),
		".github/skills/other/references/notes.md": "notes\n",
	})
	commitAll(t, dir, "base")
	mustGit(t, dir, "rm", "-q", ".github/skills/kept/references/guide.md")
	writeFiles(t, dir, map[string]string{".github/skills/added/references/later.md": "later\n"})
	code, got, errs := lintJSON(t, dir, "--new-from-rev", "HEAD")
	if code != 0 || !sameList(got, ".github/skills/kept/SKILL.md:7:SK107") { // a warning: exit 0
		t.Errorf("--new-from-rev HEAD: code %d, got %v, want the kept skill's SK107 only\n%s", code, got, errs)
	}
}

// TestNewFromRevRenameWaysKeepFindings: a renamed, edited agent keeps the
// finding it had at REV however the rename was made: git mv in a run of a
// folder (a root of its own) or of the new path (a narrowed run: git lists
// the files added and deleted, and the old path, no target, has no
// findings at REV to look for a rename from), and
// a copy added to the index with the old file deleted from the work tree
// only (still in the index, so listed, but gone).
func TestNewFromRevRenameWaysKeepFindings(t *testing.T) {
	old, moved := ".github/agents/gone.agent.md", ".github/agents/moved.agent.md"
	edited := agentDoc("gone", false, "first\nsecond\nthird\nfourth, edited\n")
	for _, c := range []struct {
		name   string
		rename func(t *testing.T, dir string)
		args   []string
	}{
		{"git mv, folder named", func(t *testing.T, dir string) {
			mustGit(t, dir, "mv", old, moved)
			writeFiles(t, dir, map[string]string{moved: edited})
		}, []string{".github/agents/"}},
		{"git mv, the new path named", func(t *testing.T, dir string) {
			mustGit(t, dir, "mv", old, moved)
			writeFiles(t, dir, map[string]string{moved: edited})
		}, []string{moved}},
		{"added copy, old removed from disk only", func(t *testing.T, dir string) {
			writeFiles(t, dir, map[string]string{moved: edited})
			mustGit(t, dir, "add", moved)
			if err := os.Remove(filepath.Join(dir, filepath.FromSlash(old))); err != nil {
				t.Fatal(err)
			}
		}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := newGitRepo(t, map[string]string{old: agentDoc("gone", false, "first\nsecond\nthird\nfourth\n")})
			commitAll(t, dir, "base")
			c.rename(t, dir)
			if _, all, _ := lintJSON(t, dir); len(all) == 0 {
				t.Fatal("the moved agent has no finding to keep")
			}
			args := append([]string{"--new-from-rev", "HEAD"}, c.args...)
			if code, got, errs := lintJSON(t, dir, args...); code != 0 || len(got) != 0 {
				t.Errorf("%v: code %d, new %v\n%s", args, code, got, errs)
			}
		})
	}
}

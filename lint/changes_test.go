package lint

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
	"github.com/squadci/squadci/lint/report"
)

// gitRepo makes a repository in a temporary directory with the given
// files committed, and returns its top level (symbolic links resolved, as
// git prints it).
func gitRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	testtool.LookPath(t, "git", "apt-get install git")
	top, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	runGit(t, top, "init", "-q")
	writeFiles(t, top, files)
	runGit(t, top, "add", "-A")
	runGit(t, top, "commit", "-qm", "first")
	return top
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func runGit(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		testtool.Unsupported(t, "git "+args[0], errors.New(string(out)))
	}
	return strings.TrimSpace(string(out))
}

func TestResolveRevisionCommitTopAndPrefix(t *testing.T) {
	top := gitRepo(t, map[string]string{"sub/a.md": "a\n", "b.md": "b\n"})
	first := runGit(t, top, "rev-parse", "HEAD")
	writeFiles(t, top, map[string]string{"b.md": "b2\n"})
	runGit(t, top, "commit", "-qam", "second")

	for _, c := range []struct{ root, prefix string }{
		{top, ""},
		{filepath.Join(top, "sub"), "sub/"},
	} {
		r, err := ResolveRevision(context.Background(), ChangesOptions{Root: c.root, Rev: "HEAD~1", What: "--new-from-rev"})
		if err != nil {
			t.Fatalf("%s: %v", c.root, err)
		}
		if r.Commit != first || r.Top != top || r.Prefix != c.prefix || r.Rev != "HEAD~1" {
			t.Errorf("root %s: got commit %q top %q prefix %q rev %q; want %q %q %q HEAD~1", c.root, r.Commit, r.Top, r.Prefix, r.Rev, first, top, c.prefix)
		}
		if r.Renames == nil || len(r.Renames) != 0 {
			t.Errorf("a fresh revision has an empty rename map, got %v", r.Renames)
		}
	}

	// A root reached through a symbolic link to a folder of the work tree
	// is still that folder.
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(filepath.Join(top, "sub"), link); err != nil {
		testtool.Unsupported(t, "symbolic links", err)
	}
	r, err := ResolveRevision(context.Background(), ChangesOptions{Root: link, Rev: "HEAD", What: "--new-from-rev"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Prefix != "sub/" {
		t.Errorf("root through a link: prefix %q, want sub/", r.Prefix)
	}
}

func TestResolveRevisionErrorsAreConfigErrors(t *testing.T) {
	top := gitRepo(t, map[string]string{"a.md": "a\n"})
	outside := t.TempDir()
	for _, c := range []struct {
		root, rev, want string
	}{
		{top, "no-such-branch", `git cannot resolve "no-such-branch" to a commit`},
		{top, "HEAD~5", `git cannot resolve "HEAD~5"`},
		{outside, "HEAD", "needs a git repository, and " + outside + " is not in one"},
	} {
		// A ceiling keeps git from finding a repository above the
		// temporary directory.
		t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(outside))
		_, err := ResolveRevision(context.Background(), ChangesOptions{Root: c.root, Rev: c.rev, What: "--new-from-rev"})
		var ce *ConfigError
		if !errors.As(err, &ce) {
			t.Fatalf("%s %s: want a *ConfigError, got %v", c.root, c.rev, err)
		}
		if ce.Path != "--new-from-rev" || !strings.Contains(ce.Message, c.want) {
			t.Errorf("%s %s: got %q (path %q), want it to say %q", c.root, c.rev, ce.Message, ce.Path, c.want)
		}
	}
}

func TestResolveRevisionNeedsGitOnPath(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := ResolveRevision(context.Background(), ChangesOptions{Root: t.TempDir(), Rev: "main", What: "--new-from-rev"})
	var ce *ConfigError
	if !errors.As(err, &ce) || !strings.Contains(ce.Message, "needs git on PATH to read the revision main") {
		t.Fatalf("got %v", err)
	}
}

func TestAddedAndDeletedAndRenames(t *testing.T) {
	long := strings.Repeat("a line that makes the file similar enough to count as renamed\n", 20)
	top := gitRepo(t, map[string]string{"old.md": long, "gone.md": "gone\n", "kept.md": "kept\n", "staged-old.md": long + "x\n"})
	r, err := ResolveRevision(context.Background(), ChangesOptions{Root: top, Rev: "HEAD", What: "--new-from-rev"})
	if err != nil {
		t.Fatal(err)
	}
	// In the work tree: old.md renamed to new.md, gone.md deleted, kept.md
	// changed, fresh.md added; only the rename of staged-old.md is staged.
	if err := os.Rename(filepath.Join(top, "old.md"), filepath.Join(top, "new.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(top, "gone.md")); err != nil {
		t.Fatal(err)
	}
	writeFiles(t, top, map[string]string{"kept.md": "changed\n", "fresh.md": "fresh\n"})
	runGit(t, top, "mv", "staged-old.md", "staged-new.md")
	// Untracked files are known to git only once added with intent.
	runGit(t, top, "add", "-N", "new.md", "fresh.md")

	added, deleted, err := r.AddedAndDeleted(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(added)
	sort.Strings(deleted)
	if want := []string{"fresh.md", "new.md", "staged-new.md"}; !reflect.DeepEqual(added, want) {
		t.Errorf("added %q, want %q", added, want)
	}
	if want := []string{"gone.md", "old.md", "staged-old.md"}; !reflect.DeepEqual(deleted, want) {
		t.Errorf("deleted %q, want %q", deleted, want)
	}

	if err := r.FindRenames(context.Background()); err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{"old.md": "new.md", "staged-old.md": "staged-new.md"}; !reflect.DeepEqual(r.Renames, want) {
		t.Errorf("renames %v, want %v", r.Renames, want)
	}

	// Only the pairs asked about are compared.
	if err := r.FindRenamesFrom(context.Background(), []string{"old.md"}, []string{"new.md", "fresh.md"}); err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{"old.md": "new.md"}; !reflect.DeepEqual(r.Renames, want) {
		t.Errorf("renames from old.md %v, want %v", r.Renames, want)
	}

	// The index alone: the staged rename, no work tree change.
	staged := *r
	staged.staged = true
	added, deleted, err = staged.AddedAndDeleted(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// (An intent-to-add entry is not in the index's diff.)
	if want := []string{"staged-new.md"}; !reflect.DeepEqual(added, want) {
		t.Errorf("staged added %q, want %q", added, want)
	}
	if want := []string{"staged-old.md"}; !reflect.DeepEqual(deleted, want) {
		t.Errorf("staged deleted %q, want %q", deleted, want)
	}
	if err := staged.FindRenames(context.Background()); err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{"staged-old.md": "staged-new.md"}; !reflect.DeepEqual(staged.Renames, want) {
		t.Errorf("staged renames %v, want %v", staged.Renames, want)
	}
}

func TestFindRenamesFromEmptyRunsNoGit(t *testing.T) {
	// A revision of no repository: any git run would fail.
	r := &Revision{Rev: "HEAD", Commit: "0000000000000000000000000000000000000000", Top: t.TempDir(), Renames: map[string]string{"stale": "x"}}
	for _, c := range [][2][]string{{nil, {"a"}}, {{"a"}, nil}} {
		if err := r.FindRenamesFrom(context.Background(), c[0], c[1]); err != nil {
			t.Fatalf("from %q to %q: %v", c[0], c[1], err)
		}
		if r.Renames == nil || len(r.Renames) != 0 {
			t.Errorf("from %q to %q: renames %v, want an empty map", c[0], c[1], r.Renames)
		}
	}
	testtool.LookPath(t, "git", "apt-get install git")
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(r.Top))
	if err := r.FindRenamesFrom(context.Background(), []string{"a"}, []string{"b"}); err == nil || !strings.Contains(err.Error(), "finding renames since HEAD") {
		t.Errorf("git outside a repository: got %v", err)
	}
	if _, _, err := r.AddedAndDeleted(context.Background()); err == nil || !strings.Contains(err.Error(), "listing the files added and deleted since HEAD") {
		t.Errorf("git outside a repository: got %v", err)
	}
}

func TestGitErrorNamesTheSubcommand(t *testing.T) {
	testtool.LookPath(t, "git", "apt-get install git")
	t.Setenv("GIT_CEILING_DIRECTORIES", os.TempDir())
	dir := t.TempDir()
	_, err := Git(context.Background(), dir, "rev-parse", "--show-toplevel")
	if err == nil || !strings.HasPrefix(err.Error(), "git rev-parse: ") || !strings.Contains(err.Error(), "not a git repository") {
		t.Errorf("got %v", err)
	}
	top := gitRepo(t, map[string]string{"a.md": "a\n"})
	out, err := Git(context.Background(), top, "ls-files")
	if err != nil || string(out) != "a.md\n" {
		t.Errorf("ls-files: %q %v", out, err)
	}
}

// listFiles is a Files over a fixed list.
type listFiles struct {
	paths []string
	asked [][]string
}

func (l *listFiles) List(_ context.Context, under []string) ([]string, error) {
	l.asked = append(l.asked, under)
	var out []string
	for _, p := range l.paths {
		for _, u := range under {
			if strings.HasPrefix(p, u) {
				out = append(out, p)
				break
			}
		}
		if under == nil {
			out = append(out, p)
		}
	}
	return out, nil
}

func (l *listFiles) Read(rel string, _ int64) ([]byte, error) { return []byte("read " + rel), nil }

func TestSubFilesShowsAFolderAsARoot(t *testing.T) {
	inner := &listFiles{paths: []string{"top.md", "sub/a.md", "sub/d/b.md", "subway/c.md"}}
	s := SubFiles{Inner: inner, Prefix: "sub/"}
	got, err := s.List(context.Background(), nil)
	if err != nil || !reflect.DeepEqual(got, []string{"a.md", "d/b.md"}) {
		t.Errorf("List(nil) = %q, %v", got, err)
	}
	got, _ = s.List(context.Background(), []string{"./", "d/"})
	if !reflect.DeepEqual(got, []string{"a.md", "d/b.md"}) {
		t.Errorf("List(./, d/) = %q", got)
	}
	if want := [][]string{{"sub/"}, {"sub/", "sub/d/"}}; !reflect.DeepEqual(inner.asked, want) {
		t.Errorf("asked the inner files for %q, want %q", inner.asked, want)
	}
	if b, _ := s.Read("d/b.md", 10); string(b) != "read sub/d/b.md" {
		t.Errorf("Read = %q", b)
	}
	// No prefix: the inner files as they are.
	whole := SubFiles{Inner: inner}
	if got, _ := whole.List(context.Background(), nil); len(got) != 4 {
		t.Errorf("List without a prefix = %q", got)
	}
	if b, _ := whole.Read("top.md", 10); string(b) != "read top.md" {
		t.Errorf("Read without a prefix = %q", b)
	}
}

func TestNewSinceCountsIdentitiesAsAMultiset(t *testing.T) {
	base := []report.Finding{finding("AF101", "a.md", "f1", 1), finding("AF101", "a.md", "f1", 1), finding("AF102", "a.md", "f2", 1)}
	n := NewSinceFindings("main", base)
	run := &report.Run{Findings: []report.Finding{
		finding("AF101", "a.md", "f1", 1), finding("AF101", "a.md", "f1", 1), finding("AF101", "a.md", "f1", 1), // one more than before
		finding("AF102", "b.md", "f2", 1), // same rule and fingerprint, another file
		finding("AF103", "a.md", "f2", 1), // same file and fingerprint, another rule
		finding("AF102", "a.md", "f3", 1), // same rule and file, another fingerprint
	}}
	n.Apply(run)
	var got []string
	for _, f := range run.Findings {
		got = append(got, f.Rule+" "+f.Path+" "+f.Fingerprint)
	}
	want := []string{"AF101 a.md f1", "AF102 b.md f2", "AF103 a.md f2", "AF102 a.md f3"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("kept %q, want %q", got, want)
	}
	if a := run.Adoption; a == nil || a.NewFromRev != "main" || a.Unchanged != 2 {
		t.Errorf("adoption %+v, want main with 2 unchanged", a)
	}
	// Apply leaves the revision's counts as they were: a second run is
	// filtered the same way.
	again := &report.Run{Findings: []report.Finding{finding("AF101", "a.md", "f1", 1), finding("AF101", "a.md", "f1", 1), finding("AF101", "a.md", "f1", 1)}}
	n.Apply(again)
	if len(again.Findings) != 1 || again.Adoption.Unchanged != 2 {
		t.Errorf("second Apply kept %d with %d unchanged, want 1 and 2", len(again.Findings), again.Adoption.Unchanged)
	}
}

func TestNewSinceCreditTakesWhatTheBaselineHid(t *testing.T) {
	k := finding("AF101", "a.md", "f1", 1)
	other := finding("AF102", "a.md", "f2", 1)
	// The revision had k twice and other once.
	n := NewSinceFindings("main", []report.Finding{k, k, other})
	// The baseline hid one k (three before, two after) and nothing of other.
	n.Credit([]report.Finding{k, k, k, other}, []report.Finding{k, k, other})
	run := &report.Run{Findings: []report.Finding{k, k, other}}
	n.Apply(run)
	// One k is still the revision's; the other is new. other is the
	// revision's.
	if len(run.Findings) != 1 || run.Findings[0].Rule != "AF101" || run.Adoption.Unchanged != 2 {
		t.Errorf("kept %v with %d unchanged, want one AF101 and 2 unchanged", run.Findings, run.Adoption.Unchanged)
	}
	// A credit never goes below zero, and an identity the revision did not
	// have is not credited.
	n2 := NewSinceFindings("main", []report.Finding{k})
	n2.Credit([]report.Finding{k, k, k, other}, nil)
	run2 := &report.Run{Findings: []report.Finding{k, other}}
	n2.Apply(run2)
	if len(run2.Findings) != 2 || run2.Adoption.Unchanged != 0 {
		t.Errorf("kept %d with %d unchanged, want 2 and 0", len(run2.Findings), run2.Adoption.Unchanged)
	}
	// Hiding nothing credits nothing.
	n3 := NewSinceFindings("main", []report.Finding{k})
	n3.Credit([]report.Finding{k}, []report.Finding{k})
	run3 := &report.Run{Findings: []report.Finding{k}}
	n3.Apply(run3)
	if len(run3.Findings) != 0 || run3.Adoption.Unchanged != 1 {
		t.Errorf("kept %d with %d unchanged, want 0 and 1", len(run3.Findings), run3.Adoption.Unchanged)
	}
}

// A top level with a line break in its name: git's one answer for both
// questions has three lines, so they are asked one at a time.
func TestResolveRevisionTopWithALineBreak(t *testing.T) {
	testtool.LookPath(t, "git", "apt-get install git")
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	top := filepath.Join(base, "two\nlines")
	if err := os.Mkdir(top, 0o755); err != nil {
		testtool.Unsupported(t, "a directory name with a line break", err)
	}
	runGit(t, top, "init", "-q")
	writeFiles(t, top, map[string]string{"a.md": "a\n"})
	runGit(t, top, "add", "-A")
	runGit(t, top, "commit", "-qm", "first")
	head := runGit(t, top, "rev-parse", "HEAD")
	r, err := ResolveRevision(context.Background(), ChangesOptions{Root: top, Rev: "HEAD", What: "--new-from-rev"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Top != top || r.Commit != head || r.Prefix != "" {
		t.Errorf("got top %q commit %q prefix %q, want %q %q \"\"", r.Top, r.Commit, r.Prefix, top, head)
	}
}

// gitCounter puts a git on PATH that logs each run and then runs the real
// one; it returns how many runs the log holds.
func gitCounter(t *testing.T) func() int {
	t.Helper()
	real := testtool.LookPath(t, "git", "apt-get install git")
	testtool.LookPath(t, "sh", "apt-get install dash")
	dir := t.TempDir()
	log := filepath.Join(dir, "runs")
	script := "#!/bin/sh\necho run >> '" + log + "'\nexec '" + real + "' \"$@\"\n"
	if err := os.WriteFile(filepath.Join(dir, "git"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	return func() int {
		b, err := os.ReadFile(log)
		if errors.Is(err, os.ErrNotExist) {
			return 0
		}
		if err != nil {
			t.Fatal(err)
		}
		return strings.Count(string(b), "run\n")
	}
}

// One git process resolves a revision: the top level and the commit in
// one answer. A revision git cannot resolve takes the slower way, to say
// which question failed.
func TestResolveRevisionRunsGitOnce(t *testing.T) {
	top := gitRepo(t, map[string]string{"a.md": "a\n"})
	runs := gitCounter(t)
	if _, err := ResolveRevision(context.Background(), ChangesOptions{Root: top, Rev: "HEAD", What: "--new-from-rev"}); err != nil {
		t.Fatal(err)
	}
	if n := runs(); n != 1 {
		t.Errorf("git ran %d times to resolve HEAD, want 1", n)
	}
	if _, err := ResolveRevision(context.Background(), ChangesOptions{Root: top, Rev: "nope", What: "--new-from-rev"}); err == nil {
		t.Fatal("resolved nope")
	}
	if n := runs(); n != 4 {
		t.Errorf("git ran %d times in all after an unknown revision, want 1 + 3", n)
	}
}

// Rename detection over named paths takes them literally: a name with
// glob characters is that file, not a pattern.
func TestFindRenamesFromLiteralPaths(t *testing.T) {
	long := strings.Repeat("a line that makes the file similar enough to count as renamed\n", 20)
	// a1.md, which the pattern a[1].md matches, is gone too, and b.md is
	// its very copy: read as a pattern, a1.md would be b.md's source.
	top := gitRepo(t, map[string]string{"a[1].md": long + "changed\n", "a1.md": long})
	r, err := ResolveRevision(context.Background(), ChangesOptions{Root: top, Rev: "HEAD", What: "--new-from-rev"})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a[1].md", "a1.md"} {
		if err := os.Remove(filepath.Join(top, name)); err != nil {
			t.Fatal(err)
		}
	}
	writeFiles(t, top, map[string]string{"b.md": long})
	runGit(t, top, "add", "-A")
	if err := r.FindRenamesFrom(context.Background(), []string{"a[1].md"}, []string{"b.md"}); err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{"a[1].md": "b.md"}; !reflect.DeepEqual(r.Renames, want) {
		t.Errorf("renames %v, want %v", r.Renames, want)
	}
}

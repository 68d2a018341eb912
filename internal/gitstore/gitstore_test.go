package gitstore

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// The tests build repositories with git and hold this package to what git
// itself answers: the staged list to `git diff --cached`, every blob to
// `git cat-file`.

type repo struct {
	t   *testing.T
	dir string
	env []string // extra environment for git
}

func newRepo(t *testing.T) *repo {
	t.Helper()
	testtool.LookPath(t, "git", "apt-get install git")
	r := &repo{t: t, dir: t.TempDir()}
	r.git("init", "-q", "-b", "main")
	r.git("config", "user.email", "test@example.com")
	r.git("config", "user.name", "test")
	r.git("config", "commit.gpgsign", "false")
	r.git("config", "gc.auto", "0")
	return r
}

// gitEnv is the environment git runs with: the outer one without the
// variables a hook or an outer repository could leave behind.
func gitEnv(extra []string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GIT_") {
			env = append(env, kv)
		}
	}
	return append(env, extra...)
}

func (r *repo) git(args ...string) string {
	r.t.Helper()
	return r.gitIn(r.dir, args...)
}

func (r *repo) gitIn(dir string, args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = gitEnv(r.env)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		r.t.Fatalf("git %v: %v\n%s", args, err, errb.String())
	}
	return out.String()
}

func (r *repo) write(rel, content string) {
	r.t.Helper()
	p := filepath.Join(r.dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		r.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		r.t.Fatal(err)
	}
}

func (r *repo) getenv(name string) string {
	for _, kv := range r.env {
		if k, v, _ := strings.Cut(kv, "="); k == name {
			return v
		}
	}
	return ""
}

func (r *repo) open(dir string) *Repo {
	r.t.Helper()
	g, err := Open(dir, r.getenv)
	if err != nil {
		r.t.Fatalf("Open: %v", err)
	}
	r.t.Cleanup(func() { g.Close() })
	return g
}

// check holds Staged and every blob of the index to git's answers, from dir.
func (r *repo) check(dir string) {
	r.t.Helper()
	g := r.open(dir)
	ix, err := g.ReadIndex()
	if err != nil {
		r.t.Fatalf("ReadIndex: %v", err)
	}
	got, err := g.Staged(ix)
	if err != nil {
		r.t.Fatalf("Staged: %v", err)
	}
	var want []string
	for _, p := range strings.Split(r.gitIn(dir, "diff", "--cached", "--name-only", "-z", "--diff-filter=ACMR", "--no-renames"), "\x00") {
		if p != "" {
			want = append(want, p)
		}
	}
	// git lists a submodule whose commit moved; Staged leaves it out.
	want = slices.DeleteFunc(want, func(p string) bool { return r.indexMode(dir, p) == "160000" })
	if !slices.Equal(got, want) {
		r.t.Errorf("Staged:\n got %q\nwant %q", got, want)
	}
	for _, e := range ix.Entries {
		if e.Mode == 0o160000 {
			continue
		}
		data, err := g.ReadBlob(e.ID, 0)
		if err != nil {
			r.t.Errorf("ReadBlob %s (%s): %v", e.Path, e.ID, err)
			continue
		}
		if wantData := r.gitIn(dir, "cat-file", "blob", e.ID.String()); string(data) != wantData {
			r.t.Errorf("ReadBlob %s: %d bytes, git says %d", e.Path, len(data), len(wantData))
		}
		size, err := g.BlobSize(e.ID)
		if err != nil || size != int64(len(data)) {
			r.t.Errorf("BlobSize %s = %d, %v; want %d", e.Path, size, err, len(data))
		}
	}
	r.checkEntries(dir, ix)
}

// checkEntries holds the parsed entries to `git ls-files --stage`.
func (r *repo) checkEntries(dir string, ix *Index) {
	r.t.Helper()
	var want []string
	for _, rec := range strings.Split(r.gitIn(dir, "ls-files", "--stage", "-z", "--full-name", "--", ":/"), "\x00") {
		if rec != "" {
			want = append(want, rec)
		}
	}
	var got []string
	for _, e := range ix.Entries {
		got = append(got, fmt.Sprintf("%06o %s %d\t%s", e.Mode, e.ID, e.Stage, e.Path))
	}
	if !slices.Equal(got, want) {
		r.t.Errorf("entries:\n got %q\nwant %q", got, want)
	}
}

func (r *repo) indexMode(dir, path string) string {
	out := r.gitIn(dir, "ls-files", "--stage", "--", path)
	mode, _, _ := strings.Cut(out, " ")
	return mode
}

// populate commits a tree with nested directories, then stages every kind
// of change: added, modified, deleted, mode change, type change, a file
// replaced by a directory and the reverse, and leaves unstaged edits.
func (r *repo) populate() {
	r.t.Helper()
	for i := range 30 {
		r.write(fmt.Sprintf("src/d%d/f%d.txt", i%5, i), strings.Repeat(fmt.Sprintf("line %d\n", i), 50+i))
	}
	r.write("connectors/a.json", `{"a": 1}`+"\n")
	r.write("connectors/b.json", `{"b": 1}`+"\n")
	r.write("top.md", "top\n")
	r.write("x/y", "file that becomes a directory\n")
	r.write("dir/inner.txt", "directory that becomes a file\n")
	r.write("tool.sh", "echo\n")
	r.write("link-target.txt", "t\n")
	r.git("add", "-A")
	r.git("commit", "-qm", "base")

	r.write("connectors/a.json", `{"a": 2}`+"\n")     // modified
	r.write("connectors/new.json", `{"new": 1}`+"\n") // added
	r.write("src/d3/f8.txt", "changed\n")             // modified, deep
	r.write("src/new/deep/n.txt", "new deep\n")       // added in a new directory
	must(r.t, os.Remove(filepath.Join(r.dir, "connectors", "b.json")))
	must(r.t, os.Chmod(filepath.Join(r.dir, "tool.sh"), 0o755)) // mode change
	must(r.t, os.Remove(filepath.Join(r.dir, "link-target.txt")))
	must(r.t, os.Symlink("top.md", filepath.Join(r.dir, "link-target.txt"))) // type change
	must(r.t, os.RemoveAll(filepath.Join(r.dir, "x")))
	r.write("x", "now a file\n")
	must(r.t, os.RemoveAll(filepath.Join(r.dir, "dir")))
	r.write("dir/inner.txt/deeper", "now a directory\n")
	r.git("add", "-A")
	r.write("connectors/a.json", "unstaged edit\n")
	r.write("untracked.json", "{}\n")
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestLooseObjects(t *testing.T) {
	r := newRepo(t)
	r.populate()
	r.check(r.dir)
	r.check(filepath.Join(r.dir, "src")) // from a subdirectory
}

func TestPackedObjectsWithDeltas(t *testing.T) {
	for _, ofs := range []string{"true", "false"} { // OFS_DELTA, then REF_DELTA
		t.Run("useDeltaBaseOffset="+ofs, func(t *testing.T) {
			r := newRepo(t)
			big := strings.Repeat("shared content line that deltas well\n", 400)
			for i := range 8 {
				r.write("doc.txt", big+fmt.Sprintf("version %d\n", i))
				r.write(fmt.Sprintf("copies/c%d.txt", i), big+fmt.Sprintf("copy %d\n", i))
				r.git("add", "-A")
				r.git("commit", "-qm", fmt.Sprint("v", i))
			}
			r.populate()
			r.git("commit", "-qm", "populated")
			r.write("doc.txt", big+"staged version\n")
			r.git("add", "doc.txt")
			r.git("-c", "repack.useDeltaBaseOffset="+ofs, "-c", "pack.useDeltaBaseOffset="+ofs,
				"repack", "-adf", "--depth=50", "--window=50", "-q")
			r.git("pack-refs", "--all")
			if n := countDeltas(r); n == 0 {
				t.Fatal("the pack holds no deltas: the test proves nothing")
			}
			r.check(r.dir)
		})
	}
}

// countDeltas counts the deltified objects of the repository's packs.
func countDeltas(r *repo) int {
	idxs, _ := filepath.Glob(filepath.Join(r.dir, ".git", "objects", "pack", "*.idx"))
	n := 0
	for _, idx := range idxs {
		for _, line := range strings.Split(r.git("verify-pack", "-v", idx), "\n") {
			if f := strings.Fields(line); len(f) >= 7 && len(f[0]) == 40 {
				n++
			}
		}
	}
	return n
}

func TestIndexVersions(t *testing.T) {
	for _, v := range []string{"2", "3", "4"} {
		t.Run("v"+v, func(t *testing.T) {
			r := newRepo(t)
			r.populate()
			r.write("intent.txt", "added with -N\n")
			r.git("add", "-N", "intent.txt") // forces version 3 extended flags
			r.git("update-index", "--index-version", v)
			r.check(r.dir)
		})
	}
}

func TestUnbornBranch(t *testing.T) {
	r := newRepo(t)
	r.write("a.txt", "a\n")
	r.write("d/b.txt", "b\n")
	r.git("add", "-A")
	r.check(r.dir)
}

func TestEmptyRepository(t *testing.T) {
	r := newRepo(t)
	g := r.open(r.dir)
	ix, err := g.ReadIndex()
	if err != nil {
		t.Fatal(err)
	}
	if got, err := g.Staged(ix); err != nil || len(got) != 0 {
		t.Fatalf("Staged = %q, %v", got, err)
	}
}

func TestDetachedHead(t *testing.T) {
	r := newRepo(t)
	r.populate()
	r.git("add", "-A")
	r.git("commit", "-qm", "two")
	r.git("checkout", "-q", "--detach", "HEAD~1")
	r.write("top.md", "changed on a detached head\n")
	r.git("add", "top.md")
	r.check(r.dir)
}

func TestLinkedWorktree(t *testing.T) {
	r := newRepo(t)
	r.populate()
	r.git("commit", "-qm", "two")
	wt := filepath.Join(t.TempDir(), "wt")
	r.git("worktree", "add", "-q", "-b", "side", wt)
	must(t, os.WriteFile(filepath.Join(wt, "top.md"), []byte("from the worktree\n"), 0o644))
	r.gitIn(wt, "add", "top.md")
	r.check(wt)
	// As a hook sees it: git sets GIT_DIR and GIT_INDEX_FILE, cwd at the top.
	gitDir := strings.TrimSpace(r.gitIn(wt, "rev-parse", "--absolute-git-dir"))
	r.env = []string{"GIT_DIR=" + gitDir, "GIT_INDEX_FILE=" + filepath.Join(gitDir, "index")}
	r.check(wt)
}

func TestTemporaryIndex(t *testing.T) {
	// `git commit -a` runs the hook with GIT_INDEX_FILE naming a temporary
	// index, relative to the top.
	r := newRepo(t)
	r.populate()
	r.git("commit", "-qm", "two")
	data, err := os.ReadFile(filepath.Join(r.dir, ".git", "index"))
	must(t, err)
	must(t, os.WriteFile(filepath.Join(r.dir, ".git", "next-index.lock"), data, 0o644))
	r.env = []string{"GIT_INDEX_FILE=.git/next-index.lock"}
	r.write("top.md", "only in the temporary index\n")
	r.git("add", "top.md")
	r.check(r.dir)
	r.env = nil
	if g := r.open(r.dir); func() bool { ix, _ := g.ReadIndex(); s, _ := g.Staged(ix); return len(s) != 0 }() {
		t.Fatal("the real index was read")
	}
}

func TestConflict(t *testing.T) {
	r := newRepo(t)
	r.write("c.txt", "base\n")
	r.write("other.txt", "o\n")
	r.git("add", "-A")
	r.git("commit", "-qm", "base")
	r.git("checkout", "-qb", "side")
	r.write("c.txt", "side\n")
	r.git("commit", "-qam", "side")
	r.git("checkout", "-q", "main")
	r.write("c.txt", "main\n")
	r.write("other.txt", "changed while merging\n")
	r.git("commit", "-qam", "main")
	cmd := exec.Command("git", "merge", "side")
	cmd.Dir, cmd.Env = r.dir, gitEnv(nil)
	if cmd.Run() == nil {
		t.Fatal("expected a conflict")
	}
	r.write("new.txt", "added during the merge\n")
	r.git("add", "new.txt")
	r.check(r.dir)
}

func TestAlternates(t *testing.T) {
	r := newRepo(t)
	r.populate()
	r.git("commit", "-qm", "two")
	r.git("repack", "-adq")
	clone := filepath.Join(t.TempDir(), "clone")
	r.git("clone", "-q", "--shared", r.dir, clone)
	c := &repo{t: t, dir: clone}
	c.git("config", "user.email", "test@example.com")
	c.git("config", "user.name", "test")
	c.write("top.md", "in the clone\n")
	c.git("add", "top.md")
	c.check(clone)
}

func TestSubmoduleIsLeftOut(t *testing.T) {
	sub := newRepo(t)
	sub.write("s.txt", "s\n")
	sub.git("add", "-A")
	sub.git("commit", "-qm", "s")
	r := newRepo(t)
	r.write("a.txt", "a\n")
	r.git("add", "-A")
	r.git("commit", "-qm", "a")
	r.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", sub.dir, "mod")
	r.check(r.dir)
}

func TestRefusedLayouts(t *testing.T) {
	cases := map[string]func(r *repo){
		"split index": func(r *repo) { r.git("update-index", "--split-index") },
		"sparse index": func(r *repo) {
			r.git("sparse-checkout", "init", "--cone", "--sparse-index")
			r.git("sparse-checkout", "set", "src/d1")
		},
		"core.worktree": func(r *repo) { r.git("config", "core.worktree", r.dir) },
		"replace ref": func(r *repo) {
			head := strings.TrimSpace(r.git("rev-parse", "HEAD"))
			r.git("replace", head, strings.TrimSpace(r.git("commit-tree", "-m", "r", head+"^{tree}")))
		},
		"GIT_WORK_TREE": func(r *repo) { r.env = []string{"GIT_WORK_TREE=" + r.dir} },
	}
	for name, setup := range cases {
		t.Run(name, func(t *testing.T) {
			r := newRepo(t)
			r.populate()
			r.git("commit", "-qm", "two")
			setup(r)
			g, err := Open(r.dir, r.getenv)
			if err == nil {
				defer g.Close()
				var ix *Index
				if ix, err = g.ReadIndex(); err == nil {
					_, err = g.Staged(ix)
				}
			}
			if !errors.Is(err, ErrUnsupported) {
				t.Fatalf("err = %v, want ErrUnsupported", err)
			}
		})
	}
}

func TestTooLargeBlob(t *testing.T) {
	for _, packed := range []bool{false, true} {
		t.Run(fmt.Sprint("packed=", packed), func(t *testing.T) {
			r := newRepo(t)
			r.write("big.txt", strings.Repeat("0123456789", 1000))
			r.git("add", "-A")
			r.git("commit", "-qm", "big")
			r.write("big.txt", strings.Repeat("0123456789", 1000)+"more")
			r.git("add", "-A")
			if packed {
				r.git("repack", "-adfq")
			}
			g := r.open(r.dir)
			ix, err := g.ReadIndex()
			must(t, err)
			var tl *TooLargeError
			if _, err := g.ReadBlob(ix.Entries[0].ID, 100); !errors.As(err, &tl) || tl.Size != 10004 {
				t.Fatalf("err = %v, want a TooLargeError of 10004 bytes", err)
			}
			if data, err := g.ReadBlob(ix.Entries[0].ID, 10004); err != nil || len(data) != 10004 {
				t.Fatalf("at the limit: %d bytes, %v", len(data), err)
			}
		})
	}
}

func TestNotAWorkTree(t *testing.T) {
	if _, err := Open(t.TempDir(), func(string) string { return "" }); err == nil {
		t.Fatal("Open succeeded outside a repository")
	}
}

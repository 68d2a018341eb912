package connector

import (
	"bufio"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"

	"github.com/squadci/squadci/internal/testtool"
)

const exchangeFixtures = "../testdata/connector/exchange"

// TestExchangeFixtures checks every testdata/connector/exchange/<case>/
// repository tree the way `squadci connector status` reads one (LoadManifests,
// LoadExchanges, CheckExchange over DirFS) and compares the findings with
// <case>.out. A <case>.setup file lists what cannot be committed — symlinks,
// sparse files of exact sizes — and is applied to a copy at run time.
// Cases named ok-* must be clean.
func TestExchangeFixtures(t *testing.T) {
	cases, err := filepath.Glob(filepath.Join(exchangeFixtures, "*.out"))
	if err != nil || len(cases) == 0 {
		t.Fatalf("no exchange fixtures: %v", err)
	}
	for _, out := range cases {
		dir := strings.TrimSuffix(out, ".out")
		name := filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			root := fixtureRoot(t, dir)
			got := checkTreeFindings(t, root)
			if strings.HasPrefix(name, "ok-") {
				for _, line := range got {
					t.Errorf("unexpected finding in a clean case: %s", line)
				}
				return
			}
			if len(got) == 0 {
				t.Errorf("an error case must yield findings")
			}
			testtool.CompareOut(t, out, got, *update)
		})
	}
}

// fixtureRoot returns the case directory itself, or a copy with its
// .setup applied.
func fixtureRoot(t *testing.T, dir string) string {
	t.Helper()
	setup, err := os.ReadFile(dir + ".setup")
	if os.IsNotExist(err) {
		return dir
	}
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS == "windows" {
		t.Skip("fixture setup needs symlinks and sparse files")
	}
	root := t.TempDir()
	copyTree(t, dir, root)
	applySetup(t, root, string(setup))
	return root
}

// applySetup runs the lines of a .setup file: "symlink LINK TARGET" (TARGET
// relative to LINK's directory), "truncate PATH SIZE", "mkdir PATH"; "#"
// starts a comment.
func applySetup(t *testing.T, root, setup string) {
	t.Helper()
	sc := bufio.NewScanner(strings.NewReader(setup))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		full := func(p string) string { return filepath.Join(root, filepath.FromSlash(p)) }
		var err error
		switch {
		case f[0] == "symlink" && len(f) == 3:
			if err = os.MkdirAll(filepath.Dir(full(f[1])), 0o755); err == nil {
				err = os.Symlink(filepath.FromSlash(f[2]), full(f[1]))
			}
		case f[0] == "truncate" && len(f) == 3:
			var size int64
			if size, err = strconv.ParseInt(f[2], 10, 64); err == nil {
				err = os.Truncate(full(f[1]), size)
			}
		case f[0] == "mkdir" && len(f) == 2:
			err = os.MkdirAll(full(f[1]), 0o755)
		default:
			t.Fatalf("bad setup line %q", sc.Text())
		}
		if err != nil {
			t.Fatalf("setup %q: %v", sc.Text(), err)
		}
	}
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// checkTree loads and checks a repository tree: manifests, stray files and
// every exchange. It returns the findings and the documents they point into
// (nil for files that are not read).
func checkTree(t *testing.T, root string) ([]diag.Diagnostic, map[string]*source.Document) {
	t.Helper()
	ctx := context.Background()
	fsys := DirFS(root)
	ms, ds, unreadable, err := LoadManifests(ctx, fsys)
	if err != nil || len(unreadable) > 0 {
		t.Fatalf("loading manifests: %v %v", err, unreadable)
	}
	docs := map[string]*source.Document{}
	for _, m := range ms {
		docs[m.Path] = m.Doc
	}
	ix := NewMailboxIndex(ms)
	l, err := LoadExchanges(ctx, fsys, ix)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range l.Strays {
		docs[d.Path] = nil
	}
	ds = append(ds, l.Strays...)
	env := &Env{FS: fsys, Mailboxes: ix}
	for _, x := range l.Exchanges {
		for _, f := range append(x.Files(), x.Lock) {
			if f != nil && f.Src != nil {
				docs[f.Path] = source.ParseJSON(f.Src)
			}
		}
		ds = append(ds, CheckExchange(x, env).Diagnostics...)
	}
	return ds, docs
}

func checkTreeFindings(t *testing.T, root string) []string {
	t.Helper()
	ds, docs := checkTree(t, root)
	return formatFindings(t, docs, ds)
}

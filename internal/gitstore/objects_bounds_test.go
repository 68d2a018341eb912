package gitstore

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Loose objects, alternates, trees and the repository's own bounds.

// alternatesChain makes n+1 objects directories, each of the first n
// naming the next in info/alternates, and returns the first.
func alternatesChain(t *testing.T, n int) []string {
	t.Helper()
	root := t.TempDir()
	var dirs []string
	for i := range n + 1 {
		d := filepath.Join(root, fmt.Sprint("objects", i))
		must(t, os.MkdirAll(filepath.Join(d, "info"), 0o755))
		dirs = append(dirs, d)
	}
	for i := range n {
		must(t, os.WriteFile(filepath.Join(dirs[i], "info", "alternates"), []byte(dirs[i+1]+"\n"), 0o644))
	}
	return dirs
}

// TestAlternatesDepth: five alternates deep are followed, six are refused.
func TestAlternatesDepth(t *testing.T) {
	dirs := alternatesChain(t, maxAlternates)
	s, err := openObjects(dirs[0])
	if err != nil || !slices.Equal(s.dirs, dirs) {
		t.Fatalf("a chain of %d: %q, %v", maxAlternates, s.dirs, err)
	}
	dirs = alternatesChain(t, maxAlternates+1)
	if _, err := openObjects(dirs[0]); !errors.Is(err, ErrUnsupported) {
		t.Fatalf("a chain of %d: %v, want ErrUnsupported", maxAlternates+1, err)
	}
}

// TestAlternatesOfSeveralLines: every line of an alternates file is an
// objects directory, and a comment or a blank line is none.
func TestAlternatesOfSeveralLines(t *testing.T) {
	root := t.TempDir()
	a, b, c := filepath.Join(root, "a"), filepath.Join(root, "b"), filepath.Join(root, "c")
	must(t, os.MkdirAll(filepath.Join(a, "info"), 0o755))
	must(t, os.WriteFile(filepath.Join(a, "info", "alternates"), []byte(b+"\n# c\n\n"+c+"\n"), 0o644))
	s, err := openObjects(a)
	if err != nil || !slices.Equal(s.dirs, []string{a, b, c}) {
		t.Fatalf("dirs %q, %v", s.dirs, err)
	}
}

// TestCloseReportsAPackCloseError: closing the store reports a pack file
// that fails to close, and closing packs never opened is no error.
func TestCloseReportsAPackCloseError(t *testing.T) {
	pack, id := onePack(t)
	dir := objectsDir(t, pack, packIndex([]ID{id}, map[ID]uint32{id: 12}, nil))
	s, err := openObjects(dir)
	must(t, err)
	if packs, err := s.openPacks(); err != nil || len(packs) != 1 {
		t.Fatalf("openPacks: %d, %v", len(packs), err)
	}
	if err := s.close(); err != nil {
		t.Fatalf("closing packs never read: %v", err)
	}
	s, err = openObjects(dir)
	must(t, err)
	if _, data, err := s.read(id, 0); err != nil || string(data) != "abc" {
		t.Fatalf("read: %q, %v", data, err)
	}
	must(t, s.packs[0].pack.Close()) // a second Close fails
	if err := s.close(); !errors.Is(err, os.ErrClosed) {
		t.Fatalf("close = %v, want the pack file's close error", err)
	}
	if s.packs != nil {
		t.Fatal("the packs are still listed")
	}
}

// TestRepoClose: Close of a nil or never opened Repo is no error, and an
// opened one closes its packs.
func TestRepoClose(t *testing.T) {
	var nilRepo *Repo
	if err := nilRepo.Close(); err != nil {
		t.Fatal(err)
	}
	if err := (&Repo{}).Close(); err != nil {
		t.Fatal(err)
	}
	pack, id := onePack(t)
	r := &Repo{objects: openStore(t, objectsDir(t, pack, packIndex([]ID{id}, map[ID]uint32{id: 12}, nil)))}
	if _, err := r.ReadBlob(id, 0); err != nil {
		t.Fatal(err)
	}
	p := r.objects.packs[0]
	must(t, r.Close())
	if r.objects.packs != nil || p.idxData != nil {
		t.Fatal("Close left the pack open")
	}
}

// TestRefDeltaDepth: REF_DELTA bases maxRefDepth deep are followed, one
// more is refused.
func TestRefDeltaDepth(t *testing.T) {
	dir := t.TempDir()
	base := ID{0xff, 0xff}
	writeLoose(t, dir, base, "blob", []byte("abc"))
	b := newPackBuilder(t)
	offs := map[ID]uint32{}
	var ids []ID
	prev := base
	for i := 1; i <= maxRefDepth+1; i++ {
		id := ID{byte(i), 0xd0}
		offs[id] = uint32(b.refDelta(prev, copyDelta(3, 3)))
		ids = append(ids, id)
		prev = id
	}
	must(t, os.MkdirAll(filepath.Join(dir, "pack"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "pack", "pack-t.pack"), b.bytes(true), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "pack", "pack-t.idx"), packIndex(ids, offs, nil), 0o644))
	s := openStore(t, dir)
	// Reading delta k reads its base at depth 1, … the loose base at depth k.
	// The deeper one first: once the other is resolved, it is a cached
	// base one delta below.
	if _, _, err := s.read(ids[maxRefDepth], 0); err == nil || !strings.Contains(err.Error(), "nested deeper") {
		t.Errorf("%d deep: %v, want the depth limit", maxRefDepth+1, err)
	}
	if _, data, err := s.read(ids[maxRefDepth-1], 0); err != nil || string(data) != "abc" {
		t.Errorf("%d deep: %q, %v", maxRefDepth, data, err)
	}
}

// writeLooseRaw writes raw (header included) as the loose object id.
func writeLooseRaw(t *testing.T, dir string, id ID, raw []byte) {
	t.Helper()
	hex := id.String()
	must(t, os.MkdirAll(filepath.Join(dir, hex[:2]), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, hex[:2], hex[2:]), deflate(t, raw), 0o644))
}

// TestLooseHeaderOfTheLargestLength: a header of 64 bytes (its NUL
// included) is read, one of 65 is refused.
func TestLooseHeaderOfTheLargestLength(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []int{64, 65} {
		size := strings.Repeat("0", n-len("blob ")-1-1) + "3"
		header := "blob " + size + "\x00"
		if len(header) != n {
			t.Fatalf("header of %d bytes", len(header))
		}
		id := ID{byte(n)}
		writeLooseRaw(t, dir, id, []byte(header+"abc"))
		_, data, err := openStore(t, dir).read(id, 0)
		if ok := err == nil && string(data) == "abc"; ok != (n == 64) {
			t.Errorf("a header of %d bytes: %q, %v", n, data, err)
		}
	}
}

// TestLooseObjectOfTheLargestSize: a loose object declaring exactly
// maxObjectSize bytes is inflated (here found short); one more is refused
// unread.
func TestLooseObjectOfTheLargestSize(t *testing.T) {
	dir := t.TempDir()
	for _, size := range []int64{maxObjectSize, maxObjectSize + 1} {
		id := ID{0x5e, byte(size)}
		writeLooseRaw(t, dir, id, []byte(fmt.Sprintf("blob %d\x00tiny", size)))
		_, _, err := openStore(t, dir).read(id, 0)
		if err == nil || errors.Is(err, ErrUnsupported) != (size > maxObjectSize) {
			t.Errorf("a declared size of %d: %v", size, err)
		}
	}
}

// TestTreeEntryBounds: a tree entry's name may be empty (git's fsck warns,
// reading does not), its id must be whole.
func TestTreeEntryBounds(t *testing.T) {
	dir := t.TempDir()
	r := &Repo{objects: openStore(t, dir)}
	blob := ID{0xb1}
	entry := func(name string) string { return "100644 " + name + "\x00" + string(blob[:]) }
	whole := ID{0x70, 1}
	writeLoose(t, dir, whole, "tree", []byte(entry("")+entry("a")))
	got, err := r.readTree(whole)
	if err != nil || len(got) != 2 || got[0].name != "" || got[1].name != "a" || got[1].id != blob {
		t.Fatalf("readTree = %+v, %v", got, err)
	}
	for _, name := range []string{"", "a", "abc"} {
		short := ID{0x70, 2, byte(len(name))}
		e := entry(name)
		writeLoose(t, dir, short, "tree", []byte(entry("first")+e[:len(e)-1]))
		if got, err := r.readTree(short); err == nil {
			t.Errorf("an id of 19 bytes after the name %q: %+v", name, got)
		}
	}
}

// TestEmptyReplaceRefsDirectory: an empty refs/replace replaces nothing.
func TestEmptyReplaceRefsDirectory(t *testing.T) {
	r := newRepo(t)
	r.write("a.txt", "a\n")
	r.git("add", "-A")
	r.git("commit", "-qm", "a")
	must(t, os.MkdirAll(filepath.Join(r.dir, ".git", "refs", "replace"), 0o755))
	r.check(r.dir)
}

// TestPackedRefsWithABlankLine: a blank line in packed-refs is skipped,
// not joined to the lines after it.
func TestPackedRefsWithABlankLine(t *testing.T) {
	r := newRepo(t)
	r.write("a.txt", "a\n")
	r.git("add", "-A")
	r.git("commit", "-qm", "a")
	r.git("pack-refs", "--all")
	if _, err := os.Stat(filepath.Join(r.dir, ".git", "refs", "heads", "main")); err == nil {
		t.Fatal("pack-refs left the branch loose")
	}
	p := filepath.Join(r.dir, ".git", "packed-refs")
	data, err := os.ReadFile(p)
	must(t, err)
	head, rest, _ := strings.Cut(string(data), "\n")
	must(t, os.WriteFile(p, []byte(head+"\n\n"+rest), 0o644))
	id, ok, err := r.open(r.dir).Head()
	if want := strings.TrimSpace(r.git("rev-parse", "HEAD")); err != nil || !ok || id.String() != want {
		t.Fatalf("Head = %s, %v, %v; want %s", id, ok, err, want)
	}
}

// TestStagedAfterWriteTree: `git write-tree` after staging stores the new
// trees in the cache tree, which then differ from HEAD's.
func TestStagedAfterWriteTree(t *testing.T) {
	r := newRepo(t)
	r.populate()
	r.git("write-tree")
	r.check(r.dir)
}

// TestStagedDistrustsACacheTreeOfAnotherCount: a cache-tree node with
// HEAD's id but a count other than the index's is not a shortcut.
func TestStagedDistrustsACacheTreeOfAnotherCount(t *testing.T) {
	r := newRepo(t)
	r.write("a.txt", "a\n")
	r.git("add", "-A")
	r.git("commit", "-qm", "a")
	g := r.open(r.dir)
	ix, err := g.ReadIndex()
	must(t, err)
	if ct, ok := ix.trees[""]; !ok || ct.entries != 1 {
		t.Fatalf("the cache tree's root: %+v, %v", ct, ok)
	}
	ix.Entries = append(ix.Entries, Entry{Path: "b.txt", Mode: 0o100644, ID: ix.Entries[0].ID})
	if got, err := g.Staged(ix); err != nil || !slices.Equal(got, []string{"b.txt"}) {
		t.Fatalf("Staged = %q, %v; want [b.txt]", got, err)
	}
}

// TestStagedSplitsAtALeadingSlash: the differ splits a path at its first
// slash even at offset 0, so "/x" is "x" in the tree named "" (trees git's
// fsck flags, read all the same), not a file named "/x".
func TestStagedSplitsAtALeadingSlash(t *testing.T) {
	dir := t.TempDir()
	blob, sub, root := ID{0xb1}, ID{0x5b}, ID{0x4f}
	writeLoose(t, dir, blob, "blob", []byte("x\n"))
	writeLoose(t, dir, sub, "tree", []byte("100644 x\x00"+string(blob[:])))
	writeLoose(t, dir, root, "tree", []byte("40000 \x00"+string(sub[:])))
	ix := &Index{Entries: []Entry{{Path: "/x", Mode: 0o100644, ID: blob}}}
	d := differ{r: &Repo{objects: openStore(t, dir)}, ix: ix}
	if err := d.diff(root, "", ix.Entries); err != nil || len(d.out) != 0 {
		t.Fatalf("diff = %q, %v; want nothing staged", d.out, err)
	}
	ix.Entries[0].ID = ID{0xb2}
	if err := d.diff(root, "", ix.Entries); err != nil || !slices.Equal(d.out, []string{"/x"}) {
		t.Fatalf("diff = %q, %v; want [/x]", d.out, err)
	}
}

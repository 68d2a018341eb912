package gitstore

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// The index parser at its bounds: each input sits exactly at a limit, one
// byte short of it, or just past it, on the side where it must be refused
// with errIndexCorrupt, never with a panic.

// rawEntry is one index entry as written into a synthetic index.
type rawEntry struct {
	path     string
	mode     uint32
	id       ID
	stage    uint16
	extended bool // version 3 extended flags (intent-to-add set)
	strip    int  // version 4: bytes of the previous path to drop
}

// indexEntryBytes encodes one entry: the fixed part, the extended flags
// when asked, then the path (version 4: the strip count and the path's
// suffix; else the path padded with 1–8 NULs to a multiple of 8 bytes).
func indexEntryBytes(version uint32, e rawEntry, prev string) []byte {
	var b bytes.Buffer
	stat := make([]byte, 40)
	binary.BigEndian.PutUint32(stat[24:], e.mode)
	b.Write(stat)
	b.Write(e.id[:])
	flags := e.stage<<12 | uint16(min(len(e.path), 0xfff))
	if e.extended {
		flags |= 0x4000
	}
	binary.Write(&b, binary.BigEndian, flags)
	if e.extended {
		binary.Write(&b, binary.BigEndian, uint16(0x2000))
	}
	if version == 4 {
		b.Write(encodeOffsetVarint(uint64(e.strip)))
		b.WriteString(e.path[len(prev)-e.strip:])
		b.WriteByte(0)
		return b.Bytes()
	}
	b.WriteString(e.path)
	b.WriteByte(0)
	for b.Len()%8 != 0 {
		b.WriteByte(0)
	}
	return b.Bytes()
}

// buildIndex writes an index of version with entries and the raw
// extension bytes ext, then a 20-byte (unchecked) trailing hash.
func buildIndex(version uint32, ents []rawEntry, ext []byte) []byte {
	var b bytes.Buffer
	b.WriteString("DIRC")
	binary.Write(&b, binary.BigEndian, version)
	binary.Write(&b, binary.BigEndian, uint32(len(ents)))
	prev := ""
	for _, e := range ents {
		b.Write(indexEntryBytes(version, e, prev))
		prev = e.path
	}
	b.Write(ext)
	b.Write(make([]byte, 20))
	return b.Bytes()
}

// extension encodes one index extension.
func extension(sig string, data []byte) []byte {
	var b bytes.Buffer
	b.WriteString(sig)
	binary.Write(&b, binary.BigEndian, uint32(len(data)))
	b.Write(data)
	return b.Bytes()
}

// encodeOffsetVarint is git's encoding of OFS_DELTA offsets and index v4
// prefix lengths, which offsetVarint decodes.
func encodeOffsetVarint(v uint64) []byte {
	var buf [16]byte
	pos := len(buf) - 1
	buf[pos] = byte(v & 0x7f)
	for v >>= 7; v != 0; v >>= 7 {
		v--
		pos--
		buf[pos] = 0x80 | byte(v&0x7f)
	}
	return append([]byte(nil), buf[pos:]...)
}

func parseCorrupt(t *testing.T, what string, data []byte) {
	t.Helper()
	if ix, err := ParseIndex(data); err != errIndexCorrupt {
		t.Errorf("%s: ParseIndex = %v, %v; want errIndexCorrupt", what, ix, err)
	}
}

// TestIndexOfHeaderAndHashOnly: 32 bytes (the header and the hash) are the
// smallest index, an empty one; 31 are corrupt.
func TestIndexOfHeaderAndHashOnly(t *testing.T) {
	data := buildIndex(2, nil, nil)
	if len(data) != 32 {
		t.Fatalf("the empty index is %d bytes", len(data))
	}
	ix, err := ParseIndex(data)
	if err != nil || len(ix.Entries) != 0 {
		t.Fatalf("ParseIndex of the empty index = %v, %v", ix, err)
	}
	parseCorrupt(t, "31 bytes", data[:31])
	parseCorrupt(t, "12 bytes", data[:12])
}

// TestIndexCountBeyondTheBodyAllocatesNothing: a count the file cannot
// hold (more entries than eighths of its body) is refused before the
// entries are allocated.
func TestIndexCountBeyondTheBodyAllocatesNothing(t *testing.T) {
	data := buildIndex(2, nil, make([]byte, 4096-12))
	binary.BigEndian.PutUint32(data[8:], 4096) // the body holds at most 512
	parseCorrupt(t, "a count of 4096", data)
	if n := testing.AllocsPerRun(20, func() { ParseIndex(data) }); n != 0 {
		t.Errorf("refusing the count allocated %v times", n)
	}
}

// TestIndexParseMemory: parsing an index costs about its own size in
// memory (entries and one buffer of paths), not a multiple of it.
func TestIndexParseMemory(t *testing.T) {
	var ents []rawEntry
	for i := range 4000 {
		ents = append(ents, rawEntry{path: fmt.Sprintf("dir/sub/file%06d.txt", i), mode: 0o100644})
	}
	data := buildIndex(2, ents, nil)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ix, err := ParseIndex(data)
	runtime.ReadMemStats(&after)
	if err != nil || len(ix.Entries) != 4000 {
		t.Fatalf("ParseIndex = %d entries, %v", len(ix.Entries), err)
	}
	if used := after.TotalAlloc - before.TotalAlloc; used > uint64(2*len(data)) {
		t.Errorf("parsing %d bytes allocated %d", len(data), used)
	}
}

// TestIndexTruncatedEntries: an entry cut short anywhere is corrupt.
func TestIndexTruncatedEntries(t *testing.T) {
	e := rawEntry{path: "a.txt", mode: 0o100644}
	// The fixed part of the one entry counted does not fit: 32 bytes of
	// body where 12+62 are needed, the count still within an eighth.
	short := buildIndex(2, nil, make([]byte, 20))
	binary.BigEndian.PutUint32(short[8:], 1)
	parseCorrupt(t, "a fixed part past the body", short)

	// Version 3 extended flags that end (0 or 1 byte of them) at the
	// body's end.
	full := buildIndex(3, []rawEntry{{path: "a.txt", mode: 0o100644, extended: true}}, nil)
	for _, keep := range []int{0, 1} {
		data := append(append([]byte(nil), full[:12+62+keep]...), make([]byte, 20)...)
		parseCorrupt(t, fmt.Sprintf("%d bytes of extended flags", keep), data)
	}
	// Extended flags in version 2.
	v2 := buildIndex(3, []rawEntry{{path: "a.txt", mode: 0o100644, extended: true}}, nil)
	binary.BigEndian.PutUint32(v2[4:], 2)
	parseCorrupt(t, "extended flags in version 2", v2)

	// A path without its NUL.
	data := buildIndex(2, []rawEntry{e}, nil)
	data = append(data[:12+62+5:12+62+5], make([]byte, 20)...)
	for i := 12 + 62; i < 12+62+5; i++ {
		data[i] = 'a'
	}
	parseCorrupt(t, "a path without its NUL", data)
}

// TestIndexV4SamePathTwice: in version 4 a conflict's later stages repeat
// the path whole: nothing stripped, an empty suffix.
func TestIndexV4SamePathTwice(t *testing.T) {
	ents := []rawEntry{
		{path: "c.txt", mode: 0o100644, stage: 1, id: ID{1}},
		{path: "c.txt", mode: 0o100644, stage: 2, id: ID{2}},
		{path: "c.txt", mode: 0o100644, stage: 3, id: ID{3}},
		{path: "d.txt", mode: 0o100644, strip: 5, id: ID{4}},
	}
	ix, err := ParseIndex(buildIndex(4, ents, nil))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range ix.Entries {
		got = append(got, fmt.Sprintf("%s %d %x", e.Path, e.Stage, e.ID[0]))
	}
	if want := "c.txt 1 1,c.txt 2 2,c.txt 3 3,d.txt 0 4"; strings.Join(got, ",") != want {
		t.Fatalf("entries %q, want %s", got, want)
	}
}

// TestIndexExtensionSizes: an extension exactly as long as the bytes left
// is read; one byte longer is corrupt.
func TestIndexExtensionSizes(t *testing.T) {
	ents := []rawEntry{{path: "a.txt", mode: 0o100644}}
	ext := extension("ABCD", []byte("payload"))
	if _, err := ParseIndex(buildIndex(2, ents, ext)); err != nil {
		t.Fatalf("an extension filling the body: %v", err)
	}
	binary.BigEndian.PutUint32(ext[4:], uint32(len("payload")+1))
	parseCorrupt(t, "an extension one byte past the body", buildIndex(2, ents, ext))
	parseCorrupt(t, "7 bytes of extension header", buildIndex(2, ents, ext[:7]))
}

// TestCacheTreeMatchesGit: the cache tree git writes on commit is read
// whole: every directory of HEAD with its tree id and its count of files.
func TestCacheTreeMatchesGit(t *testing.T) {
	r := newRepo(t)
	for _, p := range []string{"a.txt", "d1/x.txt", "d1/e/y.txt", "d1/e/z.txt", "d1/f/w.txt", "d2/z.txt", "d3/q.txt", "zz.txt"} {
		r.write(p, p+"\n")
	}
	r.git("add", "-A")
	r.git("commit", "-qm", "tree")
	want := map[string]string{"": fmt.Sprintf("%s %d", strings.TrimSpace(r.git("rev-parse", "HEAD^{tree}")), 8)}
	for _, line := range strings.Split(strings.TrimSpace(r.git("ls-tree", "-r", "-d", "HEAD")), "\n") {
		info, path, _ := strings.Cut(line, "\t")
		fields := strings.Fields(info)
		files := strings.Count(r.git("ls-files", "--", path), "\n")
		want[path+"/"] = fmt.Sprintf("%s %d", fields[2], files)
	}
	ix, err := r.open(r.dir).ReadIndex()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for path, ct := range ix.trees {
		got[path] = fmt.Sprintf("%s %d", ct.id, ct.entries)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("cache tree:\n got %v\nwant %v", got, want)
	}
}

// TestCacheTreeNodes: a node of no entries still holds its id, an
// invalidated one (-1) holds none, and a damaged cache tree is dropped
// whole without failing the index.
func TestCacheTreeNodes(t *testing.T) {
	ents := []rawEntry{{path: "a.txt", mode: 0o100644}}
	id := ID{0xee, 0x11}
	node := func(name string, count, subs int) []byte {
		b := []byte(name + "\x00" + strconv.Itoa(count) + " " + strconv.Itoa(subs) + "\n")
		if count >= 0 {
			b = append(b, id[:]...)
		}
		return b
	}
	cases := []struct {
		name string
		tree []byte
		want string // the nodes read, or "nil"
	}{
		{"an empty root", node("", 0, 0), "map[:ee11000000000000000000000000000000000000 0]"},
		{"an invalidated root", node("", -1, 1), "nil"}, // its sub is missing
		{"an invalidated root over a valid sub", append(node("", -1, 1), node("s", 1, 0)...), "map[s/:ee11000000000000000000000000000000000000 1]"},
		{"an id one byte short", node("", 0, 0)[:len(node("", 0, 0))-1], "nil"},
		{"no line break", []byte("\x000 0"), "nil"},
		{"no NUL", []byte("0 0\n"), "nil"},
		{"no space", []byte("\x000\n"), "nil"},
		{"a negative sub count", []byte("\x00-1 -1\n"), "nil"},
		{"a bad count", []byte("\x00x 0\n"), "nil"},
		{"a bad sub count", []byte("\x00-1 x\n"), "nil"},
		{"more subs than bytes", []byte("\x00-1 99\n"), "nil"},
		{"a second sub missing", append(node("", -1, 2), node("s", 1, 0)...), "nil"},
	}
	for _, c := range cases {
		ix, err := ParseIndex(buildIndex(2, ents, extension("TREE", c.tree)))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		got := "nil"
		if ix.trees != nil {
			m := map[string]string{}
			for p, ct := range ix.trees {
				m[p] = fmt.Sprintf("%s %d", ct.id, ct.entries)
			}
			got = fmt.Sprint(m)
		}
		if got != c.want {
			t.Errorf("%s: trees %s, want %s", c.name, got, c.want)
		}
	}
}

// TestOffsetVarintTenBytes: ten bytes hold a value that still fits (the
// smallest one of that length); eleven never do.
func TestOffsetVarintTenBytes(t *testing.T) {
	ten := append(bytes.Repeat([]byte{0x80}, 9), 0)
	var want uint64
	for k := 1; k <= 9; k++ {
		want += 1 << (7 * k)
	}
	if v, n := offsetVarint(ten); v != want || n != 10 {
		t.Errorf("offsetVarint(%x) = %d, %d; want %d, 10", ten, v, n, want)
	}
	if got := encodeOffsetVarint(want); !bytes.Equal(got, ten) {
		t.Errorf("encoding %d = %x", want, got)
	}
	eleven := append(bytes.Repeat([]byte{0x80}, 10), 0)
	if v, n := offsetVarint(eleven); n != 0 {
		t.Errorf("offsetVarint(%x) = %d, %d; want n = 0", eleven, v, n)
	}
}

// TestIndexOfTheLargestSize: an index file of exactly maxIndexSize bytes
// is read (and here found corrupt); one byte more is refused unread.
func TestIndexOfTheLargestSize(t *testing.T) {
	path := filepath.Join(t.TempDir(), "index")
	f, err := os.Create(path)
	must(t, err)
	if err := f.Truncate(maxIndexSize); err != nil { // sparse: no gigabyte written
		f.Close()
		testtool.Unsupported(t, "a sparse file of 1 GiB", err)
	}
	must(t, f.Close())
	r := &Repo{IndexFile: path}
	if _, err := r.ReadIndex(); err != errIndexCorrupt {
		t.Fatalf("ReadIndex of %d zero bytes: %v, want errIndexCorrupt", maxIndexSize, err)
	}
	must(t, os.Truncate(path, maxIndexSize+1))
	if _, err := r.ReadIndex(); !errors.Is(err, ErrUnsupported) {
		t.Fatalf("ReadIndex of %d bytes: %v, want ErrUnsupported", maxIndexSize+1, err)
	}
}

// TestIndexThatIsADirectory: a directory where the index should be cannot
// be mapped nor read, and says so (it is not parsed as an empty file).
func TestIndexThatIsADirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "index")
	must(t, os.MkdirAll(filepath.Join(dir, "some-file-to-give-it-a-size"), 0o755))
	fi, err := os.Stat(dir)
	must(t, err)
	if fi.Size() == 0 {
		testtool.Unsupported(t, "a directory of a nonzero size", fmt.Errorf("%s has size 0", dir))
	}
	r := &Repo{IndexFile: dir}
	if _, err := r.ReadIndex(); err == nil || err == errIndexCorrupt {
		t.Fatalf("ReadIndex of a directory: %v, want the read's error", err)
	}
}

// TestOffsetVarintOverflow: a value that needs more than 64 bits is
// refused (git's decode_varint returns 0 for it), not wrapped around. The
// largest value, 2^64-1, still decodes.
func TestOffsetVarintOverflow(t *testing.T) {
	maxed := encodeOffsetVarint(math.MaxUint64)
	if v, n := offsetVarint(maxed); v != math.MaxUint64 || n != len(maxed) {
		t.Errorf("offsetVarint(%x) = %d, %d; want 2^64-1, %d", maxed, v, n, len(maxed))
	}
	// Nine bytes that hold 2^57-1, then one more: shifting 2^57 by 7 drops
	// a bit.
	over := encodeOffsetVarint(1<<57 - 1)
	over[len(over)-1] |= 0x80
	for _, b := range [][]byte{append(over, 0), append(bytes.Repeat([]byte{0xff}, 9), 0x7f)} {
		if v, n := offsetVarint(b); n != 0 {
			t.Errorf("offsetVarint(%x) = %d, %d; want n = 0 (overflow)", b, v, n)
		}
	}
}

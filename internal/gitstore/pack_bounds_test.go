package gitstore

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Pack files and pack indexes at their bounds, built byte by byte.

// packHeader encodes a pack entry's type and size.
func packHeader(typ int, size int64) []byte {
	c := byte(typ<<4) | byte(size&15)
	size >>= 4
	var out []byte
	for size > 0 {
		out = append(out, c|0x80)
		c = byte(size & 0x7f)
		size >>= 7
	}
	return append(out, c)
}

// deltaSizeBytes encodes a delta header's size.
func deltaSizeBytes(v int64) []byte {
	var out []byte
	for v >= 0x80 {
		out = append(out, byte(v)|0x80)
		v >>= 7
	}
	return append(out, byte(v))
}

// copyDelta is a delta from a base of src bytes to its first dst bytes
// (dst < 256): one copy from offset 0.
func copyDelta(src, dst int64) []byte {
	return append(append(deltaSizeBytes(src), deltaSizeBytes(dst)...), 0x90, byte(dst))
}

// packBuilder writes a pack entry by entry, remembering their offsets.
type packBuilder struct {
	t        *testing.T
	buf      bytes.Buffer
	count    int
	deflated map[string][]byte // deflate's output by input, for long chains
}

func (b *packBuilder) deflate(data []byte) []byte {
	if z, ok := b.deflated[string(data)]; ok {
		return z
	}
	if b.deflated == nil {
		b.deflated = map[string][]byte{}
	}
	z := deflate(b.t, data)
	b.deflated[string(data)] = z
	return z
}

func newPackBuilder(t *testing.T) *packBuilder {
	b := &packBuilder{t: t}
	b.buf.WriteString("PACK\x00\x00\x00\x02\x00\x00\x00\x00") // the count is set by bytes()
	return b
}

func (b *packBuilder) raw(entry []byte) int64 {
	off := int64(b.buf.Len())
	b.buf.Write(entry)
	b.count++
	return off
}

func (b *packBuilder) object(typ int, content []byte) int64 {
	return b.raw(append(packHeader(typ, int64(len(content))), b.deflate(content)...))
}

func (b *packBuilder) ofsDelta(base int64, delta []byte) int64 {
	off := int64(b.buf.Len())
	e := append(packHeader(typeOfsDelta, int64(len(delta))), encodeOffsetVarint(uint64(off-base))...)
	return b.raw(append(e, b.deflate(delta)...))
}

func (b *packBuilder) refDelta(base ID, delta []byte) int64 {
	e := append(packHeader(typeRefDelta, int64(len(delta))), base[:]...)
	return b.raw(append(e, b.deflate(delta)...))
}

// bytes is the pack, with its count and (unchecked) trailing hash.
func (b *packBuilder) bytes(trailer bool) []byte {
	out := append([]byte(nil), b.buf.Bytes()...)
	binary.BigEndian.PutUint32(out[8:], uint32(b.count))
	if trailer {
		out = append(out, make([]byte, 20)...)
	}
	return out
}

// packIndex encodes a version-2 pack index of ids (sorted here) at the
// 32-bit offset words given, then large, the 64-bit table, then the two
// trailing checksums.
func packIndex(ids []ID, offsets map[ID]uint32, large []uint64) []byte {
	ids = append([]ID(nil), ids...)
	for i := range ids {
		for j := i + 1; j < len(ids); j++ {
			if bytes.Compare(ids[j][:], ids[i][:]) < 0 {
				ids[i], ids[j] = ids[j], ids[i]
			}
		}
	}
	var idx bytes.Buffer
	idx.WriteString("\xfftOc\x00\x00\x00\x02")
	for b := range 256 {
		n := uint32(0)
		for _, id := range ids {
			if int(id[0]) <= b {
				n++
			}
		}
		binary.Write(&idx, binary.BigEndian, n)
	}
	for _, id := range ids {
		idx.Write(id[:])
	}
	idx.Write(make([]byte, 4*len(ids)))
	for _, id := range ids {
		binary.Write(&idx, binary.BigEndian, offsets[id])
	}
	for _, v := range large {
		binary.Write(&idx, binary.BigEndian, v)
	}
	idx.Write(make([]byte, 40))
	return idx.Bytes()
}

// objectsDir writes pack and idx as the one pack of a fresh objects
// directory (no pack file when pack is nil).
func objectsDir(t *testing.T, pack, idx []byte) string {
	t.Helper()
	dir := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(dir, "pack"), 0o755))
	if pack != nil {
		must(t, os.WriteFile(filepath.Join(dir, "pack", "pack-t.pack"), pack, 0o644))
	}
	must(t, os.WriteFile(filepath.Join(dir, "pack", "pack-t.idx"), idx, 0o644))
	return dir
}

// writeLoose writes content as the loose object id (any id: nothing
// checks it) of type name.
func writeLoose(t *testing.T, dir string, id ID, name string, content []byte) {
	t.Helper()
	hex := id.String()
	must(t, os.MkdirAll(filepath.Join(dir, hex[:2]), 0o755))
	obj := append([]byte(name+" "+strconv.Itoa(len(content))+"\x00"), content...)
	must(t, os.WriteFile(filepath.Join(dir, hex[:2], hex[2:]), deflate(t, obj), 0o644))
}

func openStore(t *testing.T, dir string) *objectStore {
	t.Helper()
	s, err := openObjects(dir)
	must(t, err)
	t.Cleanup(func() { s.close() })
	return s
}

// onePack is a pack of one blob "abc" (id 0x42…) at offset 12.
func onePack(t *testing.T) (pack []byte, id ID) {
	b := newPackBuilder(t)
	b.object(TypeBlob, []byte("abc"))
	return b.bytes(true), ID{0x42, 1}
}

// TestPackIndexTooShort: a pack index shorter than its header and fanout
// is corrupt (never read past its end); one of exactly that length is read
// far enough to judge its version.
func TestPackIndexTooShort(t *testing.T) {
	pack, id := onePack(t)
	good := packIndex([]ID{id}, map[ID]uint32{id: 12}, nil)
	for _, n := range []int{0, 7, 100, 8 + 1024 - 1} {
		s := openStore(t, objectsDir(t, pack, good[:n]))
		if _, _, err := s.read(id, 0); !errors.Is(err, errPackCorrupt) {
			t.Errorf("an index of %d bytes: %v, want errPackCorrupt", n, err)
		}
	}
	v1 := append([]byte(nil), good[:8+1024]...)
	v1[7] = 1
	s := openStore(t, objectsDir(t, pack, v1))
	if _, _, err := s.read(id, 0); !errors.Is(err, ErrUnsupported) {
		t.Errorf("an index of version 1 and 1032 bytes: %v, want ErrUnsupported", err)
	}
}

// TestPackIndexTruncatedTables: an index whose tables end one byte short
// is corrupt for every id, even one whose fanout bucket is empty.
func TestPackIndexTruncatedTables(t *testing.T) {
	pack, id := onePack(t)
	idx := packIndex([]ID{id}, map[ID]uint32{id: 12}, nil)
	if len(idx) != 8+1024+28+40 {
		t.Fatalf("the index is %d bytes", len(idx))
	}
	s := openStore(t, objectsDir(t, pack, idx))
	if _, data, err := s.read(id, 0); err != nil || string(data) != "abc" {
		t.Fatalf("the whole index: %q, %v", data, err)
	}
	for _, withPack := range []bool{true, false} {
		p := pack
		if !withPack {
			p = nil
		}
		s := openStore(t, objectsDir(t, p, idx[:len(idx)-1]))
		if _, _, err := s.read(ID{0x00, 9}, 0); !errors.Is(err, errPackCorrupt) {
			t.Errorf("one byte short (pack file there: %v): %v, want errPackCorrupt", withPack, err)
		}
	}
}

// TestPackLargeOffsets: a 64-bit offset read from the table's very end is
// found; one past it is corrupt.
func TestPackLargeOffsets(t *testing.T) {
	pack, id := onePack(t)
	// 1 object: the 64-bit table starts at 8+1024+28 = 1060; entry k ends
	// at 1068+8k, and the index (with its 40 checksum bytes) at 1100, so
	// entry 4 is the last 8 bytes of the file.
	for _, c := range []struct {
		word uint32
		ok   bool
	}{{0x80000004, true}, {0x80000005, false}, {0x80000000 | 0x7fffffff, false}} {
		idx := packIndex([]ID{id}, map[ID]uint32{id: c.word}, nil)
		binary.BigEndian.PutUint64(idx[len(idx)-8:], 12)
		s := openStore(t, objectsDir(t, pack, idx))
		_, data, err := s.read(id, 0)
		if c.ok && (err != nil || string(data) != "abc") || !c.ok && !errors.Is(err, errPackCorrupt) {
			t.Errorf("offset word %#x: %q, %v", c.word, data, err)
		}
	}
}

// TestPackFindAtTheFanoutEdges: an id whose first byte is 0 is found, and
// an absent id whose bucket is empty is not found (at once).
func TestPackFindAtTheFanoutEdges(t *testing.T) {
	b := newPackBuilder(t)
	lo, hi := ID{0x00, 7}, ID{0x10, 7}
	offLo := b.object(TypeBlob, []byte("low"))
	offHi := b.object(TypeBlob, []byte("high"))
	s := openStore(t, objectsDir(t, b.bytes(true), packIndex([]ID{lo, hi}, map[ID]uint32{lo: uint32(offLo), hi: uint32(offHi)}, nil)))
	for id, want := range map[ID]string{lo: "low", hi: "high"} {
		if _, data, err := s.read(id, 0); err != nil || string(data) != want {
			t.Errorf("%s: %q, %v", id, data, err)
		}
	}
	done := make(chan error, 1)
	go func() {
		_, _, err := s.read(ID{0x05}, 0)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNotFound) {
			t.Errorf("an absent id: %v, want ErrNotFound", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("looking up an absent id did not end")
	}
}

// TestPackHeaderAtTheFileEnd: an entry header whose size continues past
// the end of the pack is corrupt.
func TestPackHeaderAtTheFileEnd(t *testing.T) {
	b := newPackBuilder(t)
	off := b.raw([]byte{byte(TypeBlob<<4) | 0x80}) // a continuation, then EOF
	id := ID{0x42}
	s := openStore(t, objectsDir(t, b.bytes(false), packIndex([]ID{id}, map[ID]uint32{id: uint32(off)}, nil)))
	if _, _, err := s.read(id, 0); !errors.Is(err, errPackCorrupt) {
		t.Fatalf("err = %v, want errPackCorrupt", err)
	}
}

// TestPackObjectOfTheLargestSize: a packed object declaring exactly
// maxObjectSize bytes is inflated (here found short); one byte more is
// refused unread.
func TestPackObjectOfTheLargestSize(t *testing.T) {
	for _, c := range []struct {
		size        int64
		unsupported bool
	}{{maxObjectSize, false}, {maxObjectSize + 1, true}} {
		b := newPackBuilder(t)
		off := b.raw(append(packHeader(TypeBlob, c.size), deflate(t, []byte("tiny"))...))
		id := ID{0x42}
		s := openStore(t, objectsDir(t, b.bytes(true), packIndex([]ID{id}, map[ID]uint32{id: uint32(off)}, nil)))
		_, _, err := s.read(id, 0)
		if err == nil || errors.Is(err, ErrUnsupported) != c.unsupported {
			t.Errorf("a declared size of %d: %v (want ErrUnsupported: %v)", c.size, err, c.unsupported)
		}
	}
}

// TestPackDeltaAtTheLimit: a deltified blob of exactly the limit is read,
// fresh and again from the cache of resolved deltas, and is kept there.
func TestPackDeltaAtTheLimit(t *testing.T) {
	dir := t.TempDir()
	base, id := ID{0xba, 5}, ID{0xde, 1}
	writeLoose(t, dir, base, "blob", []byte("abc"))
	b := newPackBuilder(t)
	off := b.refDelta(base, copyDelta(3, 3))
	must(t, os.MkdirAll(filepath.Join(dir, "pack"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "pack", "pack-t.pack"), b.bytes(true), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "pack", "pack-t.idx"), packIndex([]ID{id}, map[ID]uint32{id: uint32(off)}, nil), 0o644))
	s := openStore(t, dir)
	r := &Repo{objects: s}
	for i := range 2 {
		if data, err := r.ReadBlob(id, 3); err != nil || string(data) != "abc" {
			t.Fatalf("read %d at the limit: %q, %v", i, data, err)
		}
		if _, _, ok := s.packs[0].cached(off); !ok {
			t.Fatalf("read %d: the resolved delta is not cached", i)
		}
	}
	var tl *TooLargeError
	if _, err := r.ReadBlob(id, 2); !errors.As(err, &tl) || tl.Size != 3 {
		t.Fatalf("over the limit: %v", err)
	}
}

// TestPackDeltaChainSizes: a blob's size is its outermost delta's target,
// whatever the sizes of the deltas under it.
func TestPackDeltaChainSizes(t *testing.T) {
	b := newPackBuilder(t)
	baseOff := b.object(TypeBlob, []byte("abcdef"))
	inner := b.ofsDelta(baseOff, copyDelta(6, 6))
	outer := b.ofsDelta(inner, copyDelta(6, 3))
	id := ID{0x77}
	s := openStore(t, objectsDir(t, b.bytes(true), packIndex([]ID{id}, map[ID]uint32{id: uint32(outer)}, nil)))
	r := &Repo{objects: s}
	if n, err := r.BlobSize(id); err != nil || n != 3 {
		t.Errorf("BlobSize = %d, %v; want 3", n, err)
	}
	if data, err := r.ReadBlob(id, 3); err != nil || string(data) != "abc" {
		t.Errorf("ReadBlob at the limit: %q, %v", data, err)
	}
}

// TestPackDeltifiedTreeHasNoBlobSize: a deltified tree is no blob, under
// any limit.
func TestPackDeltifiedTreeHasNoBlobSize(t *testing.T) {
	dir := t.TempDir()
	base, id := ID{0xba, 6}, ID{0xde, 2}
	writeLoose(t, dir, base, "tree", []byte("abc"))
	b := newPackBuilder(t)
	off := b.refDelta(base, copyDelta(3, 3))
	must(t, os.MkdirAll(filepath.Join(dir, "pack"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "pack", "pack-t.pack"), b.bytes(true), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "pack", "pack-t.idx"), packIndex([]ID{id}, map[ID]uint32{id: uint32(off)}, nil), 0o644))
	r := &Repo{objects: openStore(t, dir)}
	if n, err := r.BlobSize(id); err == nil || !strings.Contains(err.Error(), "not a blob") {
		t.Errorf("BlobSize of a tree = %d, %v; want not a blob", n, err)
	}
	if _, err := r.ReadBlob(id, 1); err == nil || !strings.Contains(err.Error(), "not a blob") {
		t.Errorf("ReadBlob of a tree: %v; want not a blob", err)
	}
}

// TestPackDeltaChainLimit: a chain of exactly maxDeltaChain deltas is
// resolved; one more is corrupt.
func TestPackDeltaChainLimit(t *testing.T) {
	b := newPackBuilder(t)
	off := b.object(TypeBlob, []byte("abc"))
	offs := map[ID]uint32{}
	for i := 1; i <= maxDeltaChain+1; i++ {
		off = b.ofsDelta(off, copyDelta(3, 3))
		switch i {
		case maxDeltaChain:
			offs[ID{0x01}] = uint32(off)
		case maxDeltaChain + 1:
			offs[ID{0x02}] = uint32(off)
		}
	}
	s := openStore(t, objectsDir(t, b.bytes(true), packIndex([]ID{{0x01}, {0x02}}, offs, nil)))
	// The longer chain first: once the shorter one is resolved, it is a
	// cached base one delta below the longer one's top.
	if _, _, err := s.read(ID{0x02}, 0); !errors.Is(err, errPackCorrupt) {
		t.Errorf("a chain of %d: %v, want errPackCorrupt", maxDeltaChain+1, err)
	}
	if _, data, err := s.read(ID{0x01}, 0); err != nil || string(data) != "abc" {
		t.Errorf("a chain of %d: %q, %v", maxDeltaChain, data, err)
	}
}

// TestPackCacheBounds: an object of a quarter of the cache is kept, a byte
// more is not; the cache holds up to maxCache bytes and starts afresh
// when one more would pass it.
func TestPackCacheBounds(t *testing.T) {
	p := &pack{}
	p.remember(1, TypeBlob, []byte("small"))
	p.remember(2, TypeBlob, make([]byte, maxCache/4))
	p.remember(3, TypeBlob, make([]byte, maxCache/4+1))
	for off, want := range map[int64]bool{1: true, 2: true, 3: false} {
		if _, _, ok := p.cached(off); ok != want {
			t.Errorf("object %d cached: %v, want %v", off, ok, want)
		}
	}
	p = &pack{}
	for off := range int64(4) {
		p.remember(off, TypeBlob, make([]byte, maxCache/4))
	}
	if len(p.cache) != 4 || p.cacheSize != maxCache {
		t.Fatalf("after 4 quarters: %d objects, %d bytes", len(p.cache), p.cacheSize)
	}
	p.remember(9, TypeBlob, []byte("x"))
	if _, _, ok := p.cached(9); len(p.cache) != 1 || !ok {
		t.Fatalf("one byte over maxCache: %d objects, want only the new one", len(p.cache))
	}
}

// TestDeltaSizeTenBytes: nine bytes of size are read, a tenth is refused.
func TestDeltaSizeTenBytes(t *testing.T) {
	nine := append(bytes.Repeat([]byte{0x80}, 8), 1)
	if v, n := deltaSize(nine); v != 1<<56 || n != 9 {
		t.Errorf("deltaSize(%x) = %d, %d", nine, v, n)
	}
	ten := append(bytes.Repeat([]byte{0x80}, 9), 0)
	if v, n := deltaSize(ten); n != 0 {
		t.Errorf("deltaSize(%x) = %d, %d; want n = 0", ten, v, n)
	}
}

// TestDeltaOfTheLargestTarget: a delta may build exactly maxObjectSize
// bytes (64 KiB copies of one base), not one more.
func TestDeltaOfTheLargestTarget(t *testing.T) {
	base := bytes.Repeat([]byte("0123456789abcdef"), 4096)     // 64 KiB
	ops := bytes.Repeat([]byte{0x80}, maxObjectSize/len(base)) // copy 0x10000 from 0
	delta := append(append(deltaSizeBytes(int64(len(base))), deltaSizeBytes(maxObjectSize)...), ops...)
	out, err := applyDelta(base, delta)
	if err != nil || len(out) != maxObjectSize || !bytes.Equal(out[len(out)-len(base):], base) {
		t.Fatalf("a target of maxObjectSize: %d bytes, %v", len(out), err)
	}
	out = nil
	delta = append(append(deltaSizeBytes(int64(len(base))), deltaSizeBytes(maxObjectSize+1)...), ops...)
	if _, err := applyDelta(base, append(delta, 1, 'x')); err != errBadDelta {
		t.Fatalf("a target of maxObjectSize+1: %v", err)
	}
}

// TestDeltaPastItsTargetAllocatesNoMore: a copy or an insert past the
// declared target is refused at once, before the output grows past it.
func TestDeltaPastItsTargetAllocatesNoMore(t *testing.T) {
	base := make([]byte, 0x10000)
	head := append(deltaSizeBytes(0x10000), deltaSizeBytes(1)...)
	copies := append(append([]byte(nil), head...), bytes.Repeat([]byte{0x80}, 64)...) // 64 copies of 64 KiB
	inserts := append([]byte(nil), head...)
	for range 512 { // 512 inserts of 127 bytes
		inserts = append(append(inserts, 0x7f), bytes.Repeat([]byte{'x'}, 0x7f)...)
	}
	for name, delta := range map[string][]byte{"copies": copies, "inserts": inserts} {
		if _, err := applyDelta(base, delta); err != errBadDelta {
			t.Errorf("%s: %v, want errBadDelta", name, err)
		}
		if n := testing.AllocsPerRun(10, func() { applyDelta(base, delta) }); n > 1 {
			t.Errorf("%s past a target of 1 byte: %v allocations", name, n)
		}
	}
}

// TestPackRefDeltaIDAtTheFileEnd: a REF_DELTA whose base id ends exactly
// at the pack's end is whole, one whose id is cut short is corrupt. Each is
// read here as the base another entry names, an OFS_DELTA that lies
// within the id's bytes (entries may overlap in a corrupt pack), for the
// type of that base when the delta's size is asked.
func TestPackRefDeltaIDAtTheFileEnd(t *testing.T) {
	for _, idLen := range []int{20, 19} {
		dir := t.TempDir()
		delta := append(deltaSizeBytes(3), deltaSizeBytes(1000)...) // only its sizes are read
		c := append(packHeader(typeOfsDelta, int64(len(delta))), encodeOffsetVarint(1)...)
		c = append(c, deflate(t, delta)...)
		pack := []byte("PACK\x00\x00\x00\x02\x00\x00\x00\x02")
		pack = append(pack, byte(typeRefDelta<<4|5)) // B at 12, its id from 13
		pack = append(pack, c...)                    // C at 13, inside B's id
		if len(pack) > 13+idLen {
			t.Fatalf("C ends at %d, past B's id", len(pack))
		}
		pack = append(pack, make([]byte, 13+idLen-len(pack))...) // the pack ends with B's id
		var baseID ID
		copy(baseID[:], pack[13:])
		writeLoose(t, dir, baseID, "blob", []byte("abc"))
		cID := ID{0xcc}
		must(t, os.MkdirAll(filepath.Join(dir, "pack"), 0o755))
		must(t, os.WriteFile(filepath.Join(dir, "pack", "pack-t.pack"), pack, 0o644))
		must(t, os.WriteFile(filepath.Join(dir, "pack", "pack-t.idx"), packIndex([]ID{cID}, map[ID]uint32{cID: 13}, nil), 0o644))
		r := &Repo{objects: openStore(t, dir)}
		n, err := r.BlobSize(cID)
		switch {
		case idLen == 20 && (err != nil || n != 1000):
			t.Errorf("a whole id at the end: BlobSize = %d, %v; want 1000", n, err)
		case idLen == 19 && !errors.Is(err, errPackCorrupt):
			t.Errorf("an id cut short at the end: BlobSize = %d, %v; want errPackCorrupt", n, err)
		}
	}
}

// TestPackOfsDeltaBaseBeforeIt: an OFS_DELTA's base lies at offset 1 or
// more before it. One that points at offset 0 (the pack's own header), or
// whose offset is 2^63 or more (negative as a signed offset), is refused,
// as git refuses both.
func TestPackOfsDeltaBaseBeforeIt(t *testing.T) {
	b := newPackBuilder(t)
	base := b.object(TypeBlob, []byte("abc"))
	good := b.ofsDelta(base, copyDelta(3, 3))
	atZero := b.ofsDelta(0, copyDelta(3, 3))
	delta := copyDelta(3, 3)
	huge := b.raw(append(append(packHeader(typeOfsDelta, int64(len(delta))), encodeOffsetVarint(1<<63)...), b.deflate(delta)...))
	path := filepath.Join(t.TempDir(), "p.pack")
	must(t, os.WriteFile(path, b.bytes(true), 0o644))
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p := &pack{pack: f}
	if h, err := p.header(good); err != nil || h.baseOff != base {
		t.Errorf("a delta of the blob before it: %+v, %v; want base %d", h, err, base)
	}
	for what, off := range map[string]int64{"a base at offset 0": atZero, "an offset of 2^63": huge} {
		if h, err := p.header(off); !errors.Is(err, errPackCorrupt) {
			t.Errorf("%s: %+v, %v; want errPackCorrupt", what, h, err)
		}
	}
}

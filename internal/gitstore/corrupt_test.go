package gitstore

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func deflate(t *testing.T, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	z := zlib.NewWriter(&b)
	z.Write(data)
	z.Close()
	return b.Bytes()
}

// writePack writes a pack of REF_DELTA entries (each deltified against
// the id given) and its version-2 index into dir/pack.
func writePack(t *testing.T, dir string, entries map[ID]ID) {
	t.Helper()
	var pack bytes.Buffer
	pack.WriteString("PACK")
	binary.Write(&pack, binary.BigEndian, uint32(2))
	binary.Write(&pack, binary.BigEndian, uint32(len(entries)))
	offsets := map[ID]uint32{}
	var ids []ID
	delta := deflate(t, []byte{3, 3, 0x91, 0, 3}) // copy all 3 bytes of a 3-byte base
	for id, base := range entries {
		offsets[id] = uint32(pack.Len())
		ids = append(ids, id)
		pack.WriteByte(typeRefDelta<<4 | 5) // size 5, no continuation
		pack.Write(base[:])
		pack.Write(delta)
	}
	pack.Write(make([]byte, 20))
	for i := range ids {
		for j := i + 1; j < len(ids); j++ {
			if bytes.Compare(ids[j][:], ids[i][:]) < 0 {
				ids[i], ids[j] = ids[j], ids[i]
			}
		}
	}
	var idx bytes.Buffer
	idx.WriteString("\xfftOc")
	binary.Write(&idx, binary.BigEndian, uint32(2))
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
	idx.Write(make([]byte, 4*len(ids))) // crc32s
	for _, id := range ids {
		binary.Write(&idx, binary.BigEndian, offsets[id])
	}
	idx.Write(make([]byte, 40))
	must(t, os.MkdirAll(filepath.Join(dir, "pack"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "pack", "pack-x.pack"), pack.Bytes(), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "pack", "pack-x.idx"), idx.Bytes(), 0o644))
}

// TestDeltaBaseCycle: two REF_DELTA entries naming each other as bases
// end in an error, not in endless recursion.
func TestDeltaBaseCycle(t *testing.T) {
	dir := t.TempDir()
	a, b := ID{0x0a, 1}, ID{0xb0, 2}
	writePack(t, dir, map[ID]ID{a: b, b: a})
	s, err := openObjects(dir)
	must(t, err)
	defer s.close()
	if _, _, err := s.read(a, 0); err == nil || !strings.Contains(err.Error(), "nested deeper") {
		t.Fatalf("err = %v, want the depth limit", err)
	}
}

// TestLooseObjectLyingAboutItsSize: a header claiming a gigabyte over a
// few bytes of content is an error.
func TestLooseObjectLyingAboutItsSize(t *testing.T) {
	dir := t.TempDir()
	id := ID{0x12, 0x34}
	hex := id.String()
	must(t, os.MkdirAll(filepath.Join(dir, hex[:2]), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, hex[:2], hex[2:]), deflate(t, []byte("blob 1000000000\x00tiny")), 0o644))
	s, err := openObjects(dir)
	must(t, err)
	if _, _, err := s.read(id, 0); err == nil {
		t.Fatal("a truncated object was read")
	}
}

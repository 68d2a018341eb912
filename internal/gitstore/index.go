package gitstore

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"math"
	"os"
	"strconv"
	"strings"
)

// ID is a SHA-1 object id.
type ID [20]byte

func (id ID) String() string { return hex.EncodeToString(id[:]) }

// Entry is one index entry.
type Entry struct {
	Path  string
	Mode  uint32 // 0o100644, 0o100755, 0o120000 (symlink) or 0o160000 (gitlink)
	ID    ID
	Stage uint8 // 0, or 1–3 for a conflict
	// IntentToAdd marks `git add -N` entries, which are not staged content.
	IntentToAdd bool
}

// Index is a parsed index file: its entries in index order (by path, then
// stage) and its cache tree.
type Index struct {
	Entries []Entry
	// trees is the cache tree: the tree id of every directory ("" for the
	// top, "a/b/" below it) whose entries are unchanged since the tree was
	// last written, with the number of entries it covers.
	trees map[string]cachedTree
}

type cachedTree struct {
	id      ID
	entries int
}

// maxIndexSize bounds the index read: far beyond any real repository.
const maxIndexSize = 1 << 30

// ReadIndex reads the repository's index.
func (r *Repo) ReadIndex() (*Index, error) {
	fi, err := os.Stat(r.IndexFile)
	if errors.Is(err, os.ErrNotExist) {
		return &Index{}, nil // a new repository: nothing staged yet
	}
	if err != nil {
		return nil, err
	}
	if fi.Size() > maxIndexSize {
		return nil, unsupported("an index of %d bytes", fi.Size())
	}
	data, unmap, err := mapFile(r.IndexFile)
	if err != nil {
		return nil, err
	}
	defer unmap()
	return ParseIndex(data) // nothing parsed refers to data
}

var errIndexCorrupt = errors.New("gitstore: index file is corrupt")

// ParseIndex parses an index file of version 2, 3 or 4. A split index
// ("link") or a sparse index ("sdir") is refused with ErrUnsupported.
func ParseIndex(data []byte) (*Index, error) {
	const hashLen = 20
	if len(data) < 12+hashLen || string(data[:4]) != "DIRC" {
		return nil, errIndexCorrupt
	}
	version := binary.BigEndian.Uint32(data[4:8])
	if version < 2 || version > 4 {
		return nil, unsupported("index version %d", version)
	}
	count := binary.BigEndian.Uint32(data[8:12])
	body := data[:len(data)-hashLen]
	if uint64(count) > uint64(len(body))/8 {
		return nil, errIndexCorrupt
	}
	ix := &Index{Entries: make([]Entry, 0, count)}
	// Every path goes into one builder, whose string the paths share: one
	// allocation instead of one per entry, and no copy at the end (a
	// pre-commit run pays a page fault for every fresh 4 KiB).
	var names strings.Builder
	names.Grow(len(body) / 3)
	ends := make([]uint32, 0, count)
	// A split index has nameless entries and a sparse one has directory
	// entries: judged after the extensions, which say which it is.
	odd := false
	p := 12
	var prev []byte // the previous path, for version 4's prefix compression
	for range count {
		const fixed = 40 + hashLen + 2 // stat data, id, flags
		if p+fixed > len(body) {
			return nil, errIndexCorrupt
		}
		start := p
		e := Entry{Mode: binary.BigEndian.Uint32(body[p+24 : p+28])}
		copy(e.ID[:], body[p+40:p+40+hashLen])
		flags := binary.BigEndian.Uint16(body[p+40+hashLen:])
		p += fixed
		e.Stage = uint8(flags>>12) & 3
		if flags&0x4000 != 0 { // extended flags
			if version < 3 || p+2 > len(body) {
				return nil, errIndexCorrupt
			}
			ext := binary.BigEndian.Uint16(body[p:])
			e.IntentToAdd = ext&0x2000 != 0
			p += 2
		}
		var path []byte
		if version == 4 {
			strip, n := offsetVarint(body[p:])
			if n == 0 || strip > uint64(len(prev)) {
				return nil, errIndexCorrupt
			}
			p += n
			end := bytes.IndexByte(body[p:], 0)
			if end < 0 {
				return nil, errIndexCorrupt
			}
			prev = append(prev[:len(prev)-int(strip)], body[p:p+end]...)
			path = prev
			p += end + 1
		} else {
			end := bytes.IndexByte(body[p:], 0)
			if end < 0 {
				return nil, errIndexCorrupt
			}
			path = body[p : p+end]
			// Entries are padded with 1–8 NULs to a multiple of 8 bytes.
			p = start + (p+end-start+8)&^7
			if p > len(body) {
				return nil, errIndexCorrupt
			}
		}
		names.Write(path)
		if names.Len() > math.MaxUint32 {
			return nil, errIndexCorrupt
		}
		ends = append(ends, uint32(names.Len()))
		odd = odd || !validMode(e.Mode) || len(path) == 0
		ix.Entries = append(ix.Entries, e)
	}
	all, start := names.String(), uint32(0)
	for i, end := range ends {
		ix.Entries[i].Path = all[start:end]
		start = end
	}
	if err := ix.readExtensions(body[p:]); err != nil {
		return nil, err
	}
	if odd {
		return nil, errIndexCorrupt
	}
	return ix, nil
}

func validMode(m uint32) bool {
	switch m {
	case 0o100644, 0o100755, 0o120000, 0o160000:
		return true
	}
	return false
}

// readExtensions reads the cache tree and refuses the extensions that mean
// the entries above are not the whole index.
func (ix *Index) readExtensions(b []byte) error {
	for len(b) > 0 {
		if len(b) < 8 {
			return errIndexCorrupt
		}
		sig, size := string(b[:4]), binary.BigEndian.Uint32(b[4:8])
		if uint64(size) > uint64(len(b)-8) {
			return errIndexCorrupt
		}
		data := b[8 : 8+size]
		switch sig {
		case "link":
			return unsupported("a split index")
		case "sdir":
			return unsupported("a sparse index")
		case "TREE":
			ix.trees = map[string]cachedTree{}
			if _, err := ix.readTree(data, ""); err != nil {
				ix.trees = nil // a damaged cache tree is only a lost shortcut
			}
		default:
			if sig[0] < 'A' || sig[0] > 'Z' {
				return unsupported("index extension %q", sig)
			}
		}
		b = b[8+size:]
	}
	return nil
}

// readTree reads one cache-tree node named prefix and its subtrees, and
// returns the bytes left.
func (ix *Index) readTree(b []byte, prefix string) ([]byte, error) {
	nul := bytes.IndexByte(b, 0)
	if nul < 0 {
		return nil, errIndexCorrupt
	}
	name := string(b[:nul])
	b = b[nul+1:]
	nl := bytes.IndexByte(b, '\n')
	if nl < 0 {
		return nil, errIndexCorrupt
	}
	countText, subText, ok := bytes.Cut(b[:nl], []byte(" "))
	if !ok {
		return nil, errIndexCorrupt
	}
	count, err1 := strconv.Atoi(string(countText))
	subs, err2 := strconv.Atoi(string(subText))
	if err1 != nil || err2 != nil || subs < 0 || subs > len(b) {
		return nil, errIndexCorrupt
	}
	b = b[nl+1:]
	path := prefix
	if name != "" {
		path = prefix + name + "/"
	}
	if count >= 0 {
		if len(b) < 20 {
			return nil, errIndexCorrupt
		}
		var id ID
		copy(id[:], b[:20])
		b = b[20:]
		ix.trees[path] = cachedTree{id: id, entries: count}
	}
	for range subs {
		var err error
		if b, err = ix.readTree(b, path); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// offsetVarint decodes git's offset encoding (index v4 prefix lengths and
// OFS_DELTA offsets); n is 0 when b ends first or the value overflows 64
// bits, which git's decoder refuses the same way.
func offsetVarint(b []byte) (v uint64, n int) {
	if len(b) == 0 {
		return 0, 0
	}
	c := b[0]
	v = uint64(c & 0x7f)
	n = 1
	for c&0x80 != 0 {
		if n >= len(b) {
			return 0, 0
		}
		v++
		if v == 0 || v>>57 != 0 {
			return 0, 0 // the shift would drop bits
		}
		c = b[n]
		n++
		v = v<<7 | uint64(c&0x7f)
	}
	return v, n
}

package gitstore

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"strings"
	"sync"
)

// Pack object types beyond the four object types.
const (
	typeOfsDelta = 6
	typeRefDelta = 7
)

// maxDeltaChain bounds a delta chain; git itself writes at most 4095.
const maxDeltaChain = 10000

var errPackCorrupt = errors.New("pack is corrupt")

// pack is one pack file and its version-2 index.
type pack struct {
	idxPath string

	once    sync.Once
	openErr error
	idxData []byte // the whole index, mapped
	unmap   func() error
	fanout  [256]uint32
	count   uint32
	pack    *os.File

	mu        sync.Mutex
	cache     map[int64]cachedObject // delta bases, by offset
	cacheSize int
}

type cachedObject struct {
	typ  int
	data []byte
}

// maxCache bounds the bytes of delta bases a pack keeps.
const maxCache = 32 << 20

func openPack(idxPath string) (*pack, error) { return &pack{idxPath: idxPath}, nil }

// open reads the index's fanout table and opens the pack, on first need.
func (p *pack) open() error {
	p.once.Do(func() {
		p.openErr = p.load()
	})
	return p.openErr
}

func (p *pack) load() error {
	data, unmap, err := mapFile(p.idxPath)
	if err != nil {
		return err
	}
	p.idxData, p.unmap = data, unmap
	if len(data) < 8+256*4 {
		return errPackCorrupt
	}
	if !bytes.Equal(data[:4], []byte("\xfftOc")) || binary.BigEndian.Uint32(data[4:8]) != 2 {
		return unsupported("pack index %s is not version 2", p.idxPath)
	}
	for i := range p.fanout {
		p.fanout[i] = binary.BigEndian.Uint32(data[8+4*i:])
	}
	p.count = p.fanout[255]
	// header, fanout, ids, crcs, offsets, then two checksums at least.
	if int64(8+1024)+int64(p.count)*28+40 > int64(len(data)) {
		return errPackCorrupt
	}
	p.pack, err = os.Open(strings.TrimSuffix(p.idxPath, ".idx") + ".pack")
	return err
}

func (p *pack) close() error {
	var err error
	if p.unmap != nil {
		err = p.unmap()
		p.idxData, p.unmap = nil, nil
	}
	if p.pack != nil {
		if cerr := p.pack.Close(); err == nil {
			err = cerr
		}
	}
	return err
}

// idxRead returns n bytes of the index at off.
func (p *pack) idxRead(off int64, n int) ([]byte, error) {
	if off+int64(n) > int64(len(p.idxData)) {
		return nil, errPackCorrupt
	}
	return p.idxData[off : off+int64(n)], nil
}

// find looks id up in the index: its offset in the pack.
func (p *pack) find(id ID) (int64, bool, error) {
	if err := p.open(); err != nil {
		return 0, false, err
	}
	lo := uint32(0)
	if id[0] > 0 {
		lo = p.fanout[id[0]-1]
	}
	hi := p.fanout[id[0]]
	const ids = 8 + 1024
	for lo < hi {
		mid := lo + (hi-lo)/2
		b, err := p.idxRead(ids+int64(mid)*20, 20)
		if err != nil {
			return 0, false, err
		}
		switch c := bytes.Compare(b, id[:]); {
		case c == 0:
			off, err := p.offset(mid)
			return off, err == nil, err
		case c < 0:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return 0, false, nil
}

// offset is the pack offset of the i-th object of the index.
func (p *pack) offset(i uint32) (int64, error) {
	offs := int64(8+1024) + int64(p.count)*24
	b, err := p.idxRead(offs+int64(i)*4, 4)
	if err != nil {
		return 0, err
	}
	v := binary.BigEndian.Uint32(b)
	if v&0x80000000 == 0 {
		return int64(v), nil
	}
	b, err = p.idxRead(offs+int64(p.count)*4+int64(v&0x7fffffff)*8, 8)
	if err != nil {
		return 0, err
	}
	off := binary.BigEndian.Uint64(b)
	if off > 1<<62 {
		return 0, errPackCorrupt
	}
	return int64(off), nil
}

// entryHeader is a pack entry's header: its type, the size it declares,
// where its zlib data starts, and for a delta its base.
type entryHeader struct {
	typ     int
	size    int64
	data    int64
	baseOff int64 // OFS_DELTA
	baseID  ID    // REF_DELTA
}

func (p *pack) header(off int64) (entryHeader, error) {
	var buf [32]byte
	n, err := p.pack.ReadAt(buf[:], off)
	if n == 0 || err != nil && !errors.Is(err, io.EOF) {
		return entryHeader{}, errPackCorrupt
	}
	b := buf[:n]
	c := b[0]
	h := entryHeader{typ: int(c>>4) & 7, size: int64(c & 15)}
	i, shift := 1, 4
	for c&0x80 != 0 {
		if i >= len(b) || shift > 56 {
			return entryHeader{}, errPackCorrupt
		}
		c = b[i]
		i++
		h.size |= int64(c&0x7f) << shift
		shift += 7
	}
	switch h.typ {
	case TypeCommit, TypeTree, TypeBlob, TypeTag:
	case typeOfsDelta:
		v, m := offsetVarint(b[i:])
		// The base lies before the delta, at offset 1 or more (git: the
		// base's offset is neither <= 0 nor past the delta's).
		if m == 0 || v == 0 || v >= uint64(off) {
			return entryHeader{}, errPackCorrupt
		}
		h.baseOff = off - int64(v)
		i += m
	case typeRefDelta:
		if i+20 > len(b) {
			return entryHeader{}, errPackCorrupt
		}
		copy(h.baseID[:], b[i:i+20])
		i += 20
	default:
		return entryHeader{}, errPackCorrupt
	}
	h.data = off + int64(i)
	return h, nil
}

// inflate reads an entry's zlib data, which must inflate to exactly size
// bytes.
func (p *pack) inflate(h entryHeader) ([]byte, error) {
	if h.size > maxObjectSize {
		return nil, unsupported("an object of %d bytes", h.size)
	}
	z, err := newInflater(io.NewSectionReader(p.pack, h.data, 1<<62))
	if err != nil {
		return nil, errPackCorrupt
	}
	defer z.put()
	out, err := readExactly(z, h.size)
	if err != nil {
		return nil, errPackCorrupt
	}
	return out, nil
}

// readAt returns the object at off, resolving deltas (a REF_DELTA's base
// may live anywhere in s). limit bounds a blob's size (0: none).
func (p *pack) readAt(off int64, limit int64, s *objectStore, depth int) (int, []byte, error) {
	var chain []deltaLink
	for {
		if typ, data, ok := p.cached(off); ok {
			if len(chain) == 0 {
				if limit != 0 && typ == TypeBlob && int64(len(data)) > limit {
					return 0, nil, &TooLargeError{Size: int64(len(data)), Limit: limit}
				}
				return typ, data, nil
			}
			return p.applyChain(typ, data, chainDeltas(chain), limit, chain[0].off)
		}
		h, err := p.header(off)
		if err != nil {
			return 0, nil, err
		}
		if h.typ != typeOfsDelta && h.typ != typeRefDelta {
			if len(chain) == 0 && limit != 0 && h.typ == TypeBlob && h.size > limit {
				return 0, nil, &TooLargeError{Size: h.size, Limit: limit}
			}
			data, err := p.inflate(h)
			if err != nil {
				return 0, nil, err
			}
			if len(chain) == 0 {
				return h.typ, data, nil
			}
			return p.applyChain(h.typ, data, chainDeltas(chain), limit, chain[0].off)
		}
		delta, err := p.inflate(h)
		if err != nil {
			return 0, nil, err
		}
		if len(chain) == 0 && limit != 0 {
			// The object's size is its outermost delta's target size.
			if _, n := deltaSize(delta); n > 0 {
				if target, m := deltaSize(delta[n:]); m > 0 && target > limit {
					if typ, err := p.baseType(h, s, depth); err == nil && typ == TypeBlob {
						return 0, nil, &TooLargeError{Size: target, Limit: limit}
					}
				}
			}
		}
		chain = append(chain, deltaLink{off: off, delta: delta})
		if len(chain) > maxDeltaChain {
			return 0, nil, errPackCorrupt
		}
		if h.typ == typeRefDelta {
			typ, base, err := s.readDepth(h.baseID, 0, depth+1)
			if err != nil {
				return 0, nil, err
			}
			return p.applyChain(typ, base, chainDeltas(chain), limit, chain[0].off)
		}
		off = h.baseOff
	}
}

// deltaLink is one delta of a chain being resolved: where it is and its
// inflated instructions.
type deltaLink struct {
	off   int64
	delta []byte
}

func chainDeltas(chain []deltaLink) [][]byte {
	out := make([][]byte, len(chain))
	for i, l := range chain {
		out[i] = l.delta
	}
	return out
}

// baseType follows a delta's bases to the type of the object at the end.
func (p *pack) baseType(h entryHeader, s *objectStore, depth int) (int, error) {
	for range maxDeltaChain {
		switch h.typ {
		case typeOfsDelta:
			var err error
			if h, err = p.header(h.baseOff); err != nil {
				return 0, err
			}
		case typeRefDelta:
			typ, _, err := s.readDepth(h.baseID, 0, depth+1)
			return typ, err
		default:
			return h.typ, nil
		}
	}
	return 0, errPackCorrupt
}

// applyChain applies deltas (outermost first) to base, innermost first,
// caching the intermediate objects as bases for later reads.
func (p *pack) applyChain(typ int, base []byte, deltas [][]byte, limit int64, off int64) (int, []byte, error) {
	data := base
	for i := len(deltas) - 1; i >= 0; i-- {
		out, err := applyDelta(data, deltas[i])
		if err != nil {
			return 0, nil, err
		}
		data = out
	}
	if limit != 0 && typ == TypeBlob && int64(len(data)) > limit {
		return 0, nil, &TooLargeError{Size: int64(len(data)), Limit: limit}
	}
	if len(deltas) > 0 {
		p.remember(off, typ, data)
	}
	return typ, data, nil
}

func (p *pack) cached(off int64) (int, []byte, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	o, ok := p.cache[off]
	return o.typ, bytes.Clone(o.data), ok
}

func (p *pack) remember(off int64, typ int, data []byte) {
	if len(data) > maxCache/4 {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cache == nil || p.cacheSize+len(data) > maxCache {
		p.cache, p.cacheSize = map[int64]cachedObject{}, 0
	}
	p.cache[off] = cachedObject{typ: typ, data: bytes.Clone(data)}
	p.cacheSize += len(data)
}

// deltaSize decodes a delta header's little-endian base-128 size; n is 0
// when b ends first or the value overflows.
func deltaSize(b []byte) (int64, int) {
	var v int64
	for i, shift := 0, 0; i < len(b) && shift < 63; i, shift = i+1, shift+7 {
		v |= int64(b[i]&0x7f) << shift
		if b[i]&0x80 == 0 {
			return v, i + 1
		}
	}
	return 0, 0
}

var errBadDelta = errors.New("delta is corrupt")

// applyDelta builds a delta's target from its base.
func applyDelta(base, delta []byte) ([]byte, error) {
	src, n := deltaSize(delta)
	if n == 0 || src != int64(len(base)) {
		return nil, errBadDelta
	}
	delta = delta[n:]
	dst, n := deltaSize(delta)
	if n == 0 || dst > maxObjectSize {
		return nil, errBadDelta
	}
	delta = delta[n:]
	out := make([]byte, 0, dst)
	for len(delta) > 0 {
		cmd := delta[0]
		delta = delta[1:]
		switch {
		case cmd&0x80 != 0:
			var off, size int64
			for bit := range 7 {
				if cmd&(1<<bit) == 0 {
					continue
				}
				if len(delta) == 0 {
					return nil, errBadDelta
				}
				if bit < 4 {
					off |= int64(delta[0]) << (8 * bit)
				} else {
					size |= int64(delta[0]) << (8 * (bit - 4))
				}
				delta = delta[1:]
			}
			if size == 0 {
				size = 0x10000
			}
			if off+size > int64(len(base)) || int64(len(out))+size > dst {
				return nil, errBadDelta
			}
			out = append(out, base[off:off+size]...)
		case cmd != 0:
			if int(cmd) > len(delta) || int64(len(out))+int64(cmd) > dst {
				return nil, errBadDelta
			}
			out = append(out, delta[:cmd]...)
			delta = delta[cmd:]
		default:
			return nil, errBadDelta
		}
	}
	if int64(len(out)) != dst {
		return nil, errBadDelta
	}
	return out, nil
}

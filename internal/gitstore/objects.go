package gitstore

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// Object types, as numbered in pack files.
const (
	TypeCommit = 1
	TypeTree   = 2
	TypeBlob   = 3
	TypeTag    = 4
)

var typeNames = map[string]int{"commit": TypeCommit, "tree": TypeTree, "blob": TypeBlob, "tag": TypeTag}

// ErrNotFound is returned for an object in no object directory (a partial
// clone's missing object, say).
var ErrNotFound = errors.New("gitstore: object not found")

// TooLargeError is returned by ReadBlob for a blob over the limit; nothing
// but its header was read.
type TooLargeError struct{ Size, Limit int64 }

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("gitstore: object of %d bytes over the limit of %d", e.Size, e.Limit)
}

// objectStore is one objects directory and its alternates.
type objectStore struct {
	dirs []string // objects directories, the repository's first

	mu    sync.Mutex
	packs []*pack // opened on first need
	ready bool
}

// maxAlternates bounds the alternates chain, as git does.
const maxAlternates = 5

func openObjects(dir string) (*objectStore, error) {
	s := &objectStore{}
	return s, s.addDir(dir, 0)
}

func (s *objectStore) addDir(dir string, depth int) error {
	for _, d := range s.dirs {
		if d == dir {
			return nil
		}
	}
	s.dirs = append(s.dirs, dir)
	data, err := os.ReadFile(filepath.Join(dir, "info", "alternates"))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if depth >= maxAlternates {
		return unsupported("alternates nested deeper than %d", maxAlternates)
	}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		if line[0] == '"' {
			return unsupported("a quoted alternates path")
		}
		if err := s.addDir(absFrom(dir, line), depth+1); err != nil {
			return err
		}
	}
	return nil
}

func (s *objectStore) close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var first error
	for _, p := range s.packs {
		if err := p.close(); err != nil && first == nil {
			first = err
		}
	}
	s.packs, s.ready = nil, false
	return first
}

// openPacks lists every pack index of every objects directory, once.
func (s *objectStore) openPacks() ([]*pack, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ready {
		return s.packs, nil
	}
	for _, dir := range s.dirs {
		idxs, err := filepath.Glob(filepath.Join(dir, "pack", "pack-*.idx"))
		if err != nil {
			return nil, err
		}
		for _, idx := range idxs {
			p, err := openPack(idx)
			if err != nil {
				return nil, err
			}
			s.packs = append(s.packs, p)
		}
	}
	s.ready = true
	return s.packs, nil
}

// read returns an object's type and content. limit bounds the content of a
// blob (0: none; negative: any blob is too large, which asks only its
// size); a larger blob yields *TooLargeError before its content is
// inflated.
func (s *objectStore) read(id ID, limit int64) (int, []byte, error) { return s.readDepth(id, limit, 0) }

// maxRefDepth bounds how many REF_DELTA bases deep a read may go, so a
// corrupt pack whose deltas name each other as bases ends in an error.
const maxRefDepth = 64

// readDepth is read, depth REF_DELTA bases below the object asked for.
func (s *objectStore) readDepth(id ID, limit int64, depth int) (int, []byte, error) {
	if depth > maxRefDepth {
		return 0, nil, fmt.Errorf("gitstore: delta bases of %s nested deeper than %d", id, maxRefDepth)
	}
	hex := id.String()
	for _, dir := range s.dirs {
		f, err := os.Open(filepath.Join(dir, hex[:2], hex[2:]))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return 0, nil, err
		}
		typ, data, err := readLoose(f, limit)
		f.Close()
		if err != nil {
			return 0, nil, fmt.Errorf("gitstore: loose object %s: %w", hex, err)
		}
		return typ, data, nil
	}
	packs, err := s.openPacks()
	if err != nil {
		return 0, nil, err
	}
	for _, p := range packs {
		off, ok, err := p.find(id)
		if err != nil {
			return 0, nil, err
		}
		if ok {
			typ, data, err := p.readAt(off, limit, s, depth)
			if err != nil {
				return 0, nil, fmt.Errorf("gitstore: packed object %s: %w", hex, err)
			}
			return typ, data, nil
		}
	}
	return 0, nil, fmt.Errorf("%w: %s", ErrNotFound, hex)
}

// readLoose inflates a loose object: "<type> <size>\x00<content>".
func readLoose(f io.Reader, limit int64) (int, []byte, error) {
	z, err := newInflater(f)
	if err != nil {
		return 0, nil, err
	}
	defer z.put()
	br := bufio.NewReaderSize(z, 512)
	header, err := br.ReadString(0)
	if err != nil || len(header) > 64 {
		return 0, nil, errors.New("bad header")
	}
	name, sizeText, ok := strings.Cut(header[:len(header)-1], " ")
	typ, known := typeNames[name]
	size, err := strconv.ParseInt(sizeText, 10, 64)
	if !ok || !known || err != nil || size < 0 {
		return 0, nil, errors.New("bad header")
	}
	if limit != 0 && typ == TypeBlob && size > limit {
		return 0, nil, &TooLargeError{Size: size, Limit: limit}
	}
	if size > maxObjectSize {
		return 0, nil, unsupported("an object of %d bytes", size)
	}
	data, err := readExactly(br, size)
	if err != nil {
		return 0, nil, err
	}
	if n, _ := br.Read(make([]byte, 1)); n != 0 {
		return 0, nil, errors.New("longer than its header says")
	}
	return typ, data, nil
}

// maxObjectSize bounds any object held in memory.
const maxObjectSize = 1 << 30

// ReadObject returns an object's type and content.
func (r *Repo) ReadObject(id ID) (int, []byte, error) { return r.objects.read(id, 0) }

// ReadBlob returns a blob's content, refusing (with *TooLargeError) one
// larger than limit before inflating it.
func (r *Repo) ReadBlob(id ID, limit int64) ([]byte, error) {
	typ, data, err := r.objects.read(id, limit)
	if err != nil {
		return nil, err
	}
	if typ != TypeBlob {
		return nil, fmt.Errorf("gitstore: %s is not a blob", id)
	}
	return data, nil
}

// treeEntry is one entry of a tree object.
type treeEntry struct {
	name string
	mode uint32
	id   ID
}

// readTree reads a tree object.
func (r *Repo) readTree(id ID) ([]treeEntry, error) {
	typ, data, err := r.objects.read(id, 0)
	if err != nil {
		return nil, err
	}
	if typ != TypeTree {
		return nil, fmt.Errorf("gitstore: %s is not a tree", id)
	}
	var out []treeEntry
	for len(data) > 0 {
		sp := bytes.IndexByte(data, ' ')
		if sp < 0 {
			return nil, fmt.Errorf("gitstore: tree %s is corrupt", id)
		}
		mode, err := strconv.ParseUint(string(data[:sp]), 8, 32)
		nul := bytes.IndexByte(data[sp+1:], 0)
		if err != nil || nul < 0 || len(data) < sp+1+nul+1+20 {
			return nil, fmt.Errorf("gitstore: tree %s is corrupt", id)
		}
		e := treeEntry{name: string(data[sp+1 : sp+1+nul]), mode: canonMode(uint32(mode))}
		data = data[sp+1+nul+1:]
		copy(e.id[:], data[:20])
		data = data[20:]
		out = append(out, e)
	}
	return out, nil
}

// canonMode maps the modes old trees may hold to the ones git compares.
func canonMode(m uint32) uint32 {
	switch m & 0o170000 {
	case 0o100000:
		if m&0o100 != 0 {
			return 0o100755
		}
		return 0o100644
	case 0o040000:
		return 0o040000
	case 0o120000:
		return 0o120000
	case 0o160000:
		return 0o160000
	}
	return m
}

// BlobSize returns a blob's size, reading no more than its header (and,
// for a deltified blob, its delta).
func (r *Repo) BlobSize(id ID) (int64, error) {
	_, err := r.ReadBlob(id, -1)
	var tl *TooLargeError
	if errors.As(err, &tl) {
		return tl.Size, nil
	}
	if err == nil {
		err = fmt.Errorf("gitstore: no size for %s", id)
	}
	return 0, err
}

// readExactly reads size bytes from r, growing the buffer as they arrive,
// so a corrupt header claiming a huge size costs no huge allocation.
func readExactly(r io.Reader, size int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, size))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) != size {
		return nil, fmt.Errorf("%d bytes where the header says %d", len(data), size)
	}
	return data, nil
}

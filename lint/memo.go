package lint

import (
	"bytes"
	"hash/maphash"
	"sync"

	"github.com/squadci/squadci/promptfile"
)

// Memo shares per-file work between lints run in one process over trees
// that hold mostly the same files: --new-from-rev lints the work tree and
// the revision side by side, and a file with the same path and bytes in
// both is parsed and checked once. A result is reused only when it depends
// on nothing but the path and the bytes, or (memoizedAsking) on answers
// about the tree that are asked again, and found the same, in the other
// tree. Results are shared, never changed: the checks only read them. A
// nil *Memo shares nothing. It is safe for concurrent use.
type Memo struct {
	// globs are the files instructions' applyTo patterns matched in
	// either tree: the other tree, holding the same file, matches too.
	globs   *promptfile.Witnesses
	seed    maphash.Seed
	mu      sync.Mutex
	entries map[memoKey]*memoEntry
}

// NewMemo returns an empty memo for lints that share their work.
func NewMemo() *Memo {
	return &Memo{globs: promptfile.NewWitnesses(), seed: maphash.MakeSeed(), entries: map[memoKey]*memoEntry{}}
}

// globWitnesses are the shared matches of applyTo patterns (nil: none).
func (m *Memo) globWitnesses() *promptfile.Witnesses {
	if m == nil {
		return nil
	}
	return m.globs
}

type memoKey struct {
	kind, path string
	sum        uint64
}

// memoEntry is one computation: the first lint to ask computes it, one
// asking meanwhile waits for it rather than doing the same work beside it.
type memoEntry struct {
	ready   chan struct{}
	src     []byte // the bytes it was computed from: a hash is no proof
	val     any
	asking  bool         // it could ask about the tree (exists was given)
	asked   []memoAnswer // what it asked about the tree, in order
	aborted bool         // the computation panicked: no value
}

// memoAnswer is one question a computation asked about its tree.
type memoAnswer struct {
	rel string
	yes bool
}

// memoized returns compute's result for the file at path with bytes src,
// computing it once per memo.
func memoized[T any](m *Memo, kind, path string, src []byte, compute func() T) T {
	v, _ := memoizedAsking(m, kind, path, src, nil, func(func(string) bool) T { return compute() })
	return v
}

// memoizedAsking is memoized for a computation that also asks exists
// about other files of its tree: the answers it got are recorded, and its
// result is reused only where exists answers each of them the same. The
// second result says whether it was reused.
func memoizedAsking[T any](m *Memo, kind, path string, src []byte, exists func(string) bool, compute func(exists func(string) bool) T) (T, bool) {
	if m == nil {
		return compute(exists), false
	}
	key := memoKey{kind: kind, path: path, sum: maphash.Bytes(m.seed, src)}
	m.mu.Lock()
	e, found := m.entries[key]
	if !found {
		e = &memoEntry{ready: make(chan struct{}), src: src, asking: exists != nil, aborted: true}
		m.entries[key] = e
	}
	m.mu.Unlock()
	if !found {
		defer close(e.ready) // also when compute panics: a waiter then computes for itself
		var asked []memoAnswer
		record := exists
		if exists != nil {
			record = func(rel string) bool {
				yes := exists(rel)
				asked = append(asked, memoAnswer{rel, yes})
				return yes
			}
		}
		v := compute(record)
		e.val, e.asked, e.aborted = v, asked, false
		return v, false
	}
	<-e.ready
	if e.aborted || !bytes.Equal(e.src, src) || e.asking != (exists != nil) || !sameAnswers(e.asked, exists) {
		return compute(exists), false
	}
	return e.val.(T), true
}

// sameAnswers reports whether exists answers every recorded question as
// it was answered then.
func sameAnswers(asked []memoAnswer, exists func(string) bool) bool {
	for _, a := range asked {
		if exists(a.rel) != a.yes {
			return false
		}
	}
	return true
}

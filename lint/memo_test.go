package lint

import (
	"sync"
	"testing"
)

// TestMemoSharesOnlyTheSameBytes: a second lint asking for the same path
// and bytes gets the first one's result; other bytes, another path or
// another kind are computed afresh.
func TestMemoSharesOnlyTheSameBytes(t *testing.T) {
	m := NewMemo()
	calls := 0
	compute := func(v string) func() string { return func() string { calls++; return v } }
	if got := memoized(m, "k", "a.md", []byte("one"), compute("first")); got != "first" {
		t.Fatalf("first call: %q", got)
	}
	if got := memoized(m, "k", "a.md", []byte("one"), compute("second")); got != "first" || calls != 1 {
		t.Errorf("same path and bytes: %q after %d computations, want the first result after 1", got, calls)
	}
	for _, c := range []struct{ kind, path, src string }{{"k", "a.md", "two"}, {"k", "b.md", "one"}, {"other", "a.md", "one"}} {
		if got := memoized(m, c.kind, c.path, []byte(c.src), compute("fresh")); got != "fresh" {
			t.Errorf("%+v: %q, want a fresh computation", c, got)
		}
	}
	if got := memoized(nil, "k", "a.md", []byte("one"), compute("unshared")); got != "unshared" {
		t.Errorf("nil memo: %q", got)
	}
}

// TestMemoChecksTheBytesNotJustTheHash: an entry whose bytes differ from
// the asker's (a hash collision) is not reused.
func TestMemoChecksTheBytesNotJustTheHash(t *testing.T) {
	m := NewMemo()
	memoized(m, "k", "a.md", []byte("one"), func() string { return "of one" })
	for k, e := range m.entries {
		e.src = []byte("two") // as if "two" hashed like "one"
		m.entries[k] = e
	}
	if got := memoized(m, "k", "a.md", []byte("one"), func() string { return "fresh" }); got != "fresh" {
		t.Errorf("colliding entry reused: %q", got)
	}
}

// TestMemoAsksTheTreeAgain: a result computed from answers about the tree
// is reused only where the tree answers the same.
func TestMemoAsksTheTreeAgain(t *testing.T) {
	m := NewMemo()
	tree := func(files ...string) func(string) bool {
		return func(rel string) bool {
			for _, f := range files {
				if f == rel {
					return true
				}
			}
			return false
		}
	}
	check := func(exists func(string) bool) string {
		if exists("references/guide.md") {
			return "clean"
		}
		return "missing guide"
	}
	src := []byte("see references/guide.md")
	if got, _ := memoizedAsking(m, "skill", "s/SKILL.md", src, tree("references/guide.md"), check); got != "clean" {
		t.Fatalf("first tree: %q", got)
	}
	if got, reused := memoizedAsking(m, "skill", "s/SKILL.md", src, tree("references/guide.md", "other.md"), check); got != "clean" || !reused {
		t.Errorf("tree answering the same: %q, reused %v; want the shared result", got, reused)
	}
	if got, reused := memoizedAsking(m, "skill", "s/SKILL.md", src, tree("other.md"), check); got != "missing guide" || reused {
		t.Errorf("tree without the guide: %q, reused %v; want a fresh result", got, reused)
	}
	if got, reused := memoizedAsking(m, "skill", "s/SKILL.md", src, nil, func(e func(string) bool) string { return "no tree" }); got != "no tree" || reused {
		t.Errorf("asker without a tree: %q, reused %v", got, reused)
	}
}

// TestMemoPanicLeavesNoWaiterStuck: when the first computation panics, a
// lint waiting for it computes for itself instead of waiting forever.
func TestMemoPanicLeavesNoWaiterStuck(t *testing.T) {
	m := NewMemo()
	started, release := make(chan struct{}), make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer func() { _ = recover() }()
		memoized(m, "k", "a.md", []byte("x"), func() string {
			close(started)
			<-release
			panic("check failed")
		})
	}()
	<-started
	done := make(chan string)
	go func() { done <- memoized(m, "k", "a.md", []byte("x"), func() string { return "own" }) }()
	close(release)
	wg.Wait()
	if got := <-done; got != "own" {
		t.Errorf("waiter after a panic: %q, want its own result", got)
	}
}

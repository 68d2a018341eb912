package hooks

import (
	"context"
	"strings"
	"sync"
)

// Staged is what a `lint --staged` run reads: the top level, the staged
// paths, and the index.
type Staged struct {
	Top   string
	Paths []string
	Index *IndexFiles
}

// OpenStaged asks git, from dir, for the top level, the staged paths and the
// whole index at once: the three commands run concurrently (each is a
// process start, the bulk of a single-file pre-commit run), and the blob
// reader is started alongside them.
func OpenStaged(ctx context.Context, dir string) (*Staged, error) {
	var (
		wg                 sync.WaitGroup
		top, diff, listing []byte
		errs               [3]error
	)
	run := func(i int, out *[]byte, args ...string) {
		defer wg.Done()
		*out, errs[i] = git(ctx, dir, args...)
	}
	wg.Add(3)
	go run(0, &top, "rev-parse", "--show-toplevel")
	go run(1, &diff, "diff", "--cached", "--name-only", "-z", "--diff-filter=ACMR")
	go run(2, &listing, "ls-files", "--stage", "-z", "--full-name", "--", ":/")
	idx := &IndexFiles{}
	idx.mu.Lock()
	startErr := idx.startIn(dir)
	idx.mu.Unlock()
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			idx.Close()
			return nil, err
		}
	}
	if startErr != nil {
		return nil, startErr
	}
	idx.Top = strings.TrimSpace(string(top))
	idx.once.Do(func() { idx.parse(listing) })
	return &Staged{Top: idx.Top, Paths: splitNUL(diff), Index: idx}, nil
}

package hooks

import (
	"context"
	"os"
	"strings"
	"sync"

	"github.com/squadci/squadci/internal/gitstore"
)

// Staged is what a `lint --staged` run reads: the top level, the staged
// paths, and the index.
type Staged struct {
	Top   string
	Paths []string
	Index *IndexFiles
}

// OpenStaged finds, from dir, the top level, the staged paths and the whole
// index. It reads them from the repository's files when it can (a process
// start costs more than the rest of a single-file pre-commit run), and
// otherwise asks git.
func OpenStaged(ctx context.Context, dir string) (*Staged, error) {
	if st, err := openDirect(dir); err == nil {
		return st, nil
	}
	return openWithGit(ctx, dir)
}

// openDirect reads the index, HEAD's tree and the blobs without git: the
// common layouts (see gitstore); anything else is an error and git is
// asked instead.
func openDirect(dir string) (*Staged, error) {
	repo, err := gitstore.Open(dir, os.Getenv)
	if err != nil {
		return nil, err
	}
	ix, err := repo.ReadIndex()
	var paths []string
	if err == nil {
		paths, err = repo.Staged(ix)
	}
	if err != nil {
		repo.Close()
		return nil, err
	}
	idx := &IndexFiles{Top: repo.Top, repo: repo}
	idx.once.Do(func() { idx.fromIndex(ix) })
	return &Staged{Top: repo.Top, Paths: paths, Index: idx}, nil
}

// openWithGit asks git for the top level, the staged paths and the whole
// index at once: the three commands run concurrently, and the blob reader
// is started alongside them.
func openWithGit(ctx context.Context, dir string) (*Staged, error) {
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

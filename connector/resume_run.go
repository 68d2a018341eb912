package connector

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"time"
)

// mailboxRun is what one Resume or Poll works with: the repository, its
// mailboxes, the shared directory readers, the clock and the pool size.
type mailboxRun struct {
	root    string
	fsys    ReadFS
	files   *dirReaders
	ix      *MailboxIndex
	env     *Env
	now     func() time.Time
	workers int
}

func newMailboxRun(root string, ms []*Manifest, now func() time.Time, workers, defaultWorkers int) mailboxRun {
	r := mailboxRun{root: root, fsys: DirFS(root), ix: NewMailboxIndex(ms), now: now, workers: workers}
	if r.now == nil {
		r.now = time.Now
	}
	if r.workers <= 0 {
		r.workers = defaultWorkers
	}
	r.env = &Env{FS: r.fsys, Mailboxes: r.ix}
	r.files = newDirReaders(root, r.fsys)
	return r
}

// abs is the path on disk of a repository-relative path.
func (r *mailboxRun) abs(rel string) string { return filepath.Join(r.root, filepath.FromSlash(rel)) }

// eachTask runs fn(0..n-1) on the run's pool, reporting progress after each
// call, and returns the non-nil results in index order. When ctx ends it
// stops starting calls.
func eachTask[T any](ctx context.Context, r *mailboxRun, n int, progress func(done, total int), fn func(i int) *T) []T {
	outs := make([]*T, n)
	var done atomic.Int64
	forEach(ctx, n, r.workers, func(i int) {
		outs[i] = fn(i)
		if progress != nil {
			progress(int(done.Add(1)), n)
		}
	})
	var kept []T
	for _, o := range outs {
		if o != nil {
			kept = append(kept, *o)
		}
	}
	return kept
}

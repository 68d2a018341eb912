package lint

import (
	"context"
	"io/fs"
	"sync"

	"github.com/squadci/squadci/connector"
)

// checkExchanges groups the listed mailbox files by task and checks each
// exchange as a whole (connector.CheckExchange): the request with its
// manifest, the result with its request and the artifacts on disk, the
// snapshot and the state with the files they pin. Files a mailbox must not
// hold are reported without being read. In a narrowed run every file of a
// targeted file's exchange is read, and only the targets' findings are
// reported.
func (s *session) checkExchanges(ctx context.Context, r *repo, listed []string) error {
	ix := connector.NewMailboxIndex(r.Manifests)
	xs, strays := connector.GroupExchanges(ix, listed)
	s.add("", nil, strays)
	var todo []*connector.Exchange
	for _, x := range xs {
		for _, f := range x.Files() {
			if s.reported(f.Path) || x.Lock != nil && s.reported(x.Lock.Path) {
				todo = append(todo, x)
				break
			}
		}
	}
	env := &connector.Env{FS: s.statFS(), Mailboxes: ix, Protected: s.opts.Config.Protected()}
	s.parallel(ctx, len(todo), func(i int) string { return todo[i].Files()[0].Path }, func(i int) {
		x := todo[i]
		for _, f := range x.Files() {
			f.Src = s.load(f.Path, maxConnectorFile)
		}
		if x.Lock != nil {
			x.Lock.Src = s.load(x.Lock.Path, maxConnectorFile) // judged for staleness (CN511)
		}
		ds := connector.CheckExchange(x, env).Diagnostics
		for _, f := range append(x.Files(), x.Lock) {
			if f != nil && f.Src != nil {
				s.add(f.Path, f.Src, nil)
			}
		}
		s.add("", nil, ds)
	})
	return nil
}

// onFile returns the findings on one file.
// statFS is where artifacts are looked up: the file source itself when it
// can Lstat (a git-index source, say), the work tree under a cache
// otherwise. Without one, on-disk artifact checks are skipped.
func (s *session) statFS() connector.FS {
	if fsys, ok := s.files.(connector.FS); ok {
		return fsys
	}
	if d, ok := diskOf(s.files); ok {
		return &statCache{fs: connector.DirFS(d.Root)}
	}
	return nil
}

// statCache remembers Lstat answers for one run: thousands of artifacts
// share a handful of directories, and every component of every artifact
// path is looked up.
type statCache struct {
	fs connector.FS
	m  sync.Map // rel → statAnswer
}

type statAnswer struct {
	info fs.FileInfo
	err  error
}

func (c *statCache) Lstat(rel string) (fs.FileInfo, error) {
	if a, ok := c.m.Load(rel); ok {
		return a.(statAnswer).info, a.(statAnswer).err
	}
	info, err := c.fs.Lstat(rel)
	c.m.Store(rel, statAnswer{info, err})
	return info, err
}

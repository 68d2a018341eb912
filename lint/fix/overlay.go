package fix

import (
	"context"
	"io/fs"

	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/lint"
)

// overlay is a lint.Files that serves the repaired bytes of the files
// fixed so far and reads everything else from the base.
type overlay struct {
	base  lint.Files
	fixed map[string][]byte
	stat  connector.FS // where the exchange checks look artifacts up; nil: nowhere
}

func newOverlay(base lint.Files) *overlay {
	o := &overlay{base: base, fixed: map[string][]byte{}}
	switch b := base.(type) {
	case connector.FS:
		o.stat = b
	case *lint.DiskFiles:
		o.stat = connector.DirFS(b.Root)
	}
	return o
}

// Lstat lets the exchange checks see the same artifacts as a plain run.
// Only mailbox files are looked up, and those are never fixed.
func (o *overlay) Lstat(rel string) (fs.FileInfo, error) {
	if o.stat == nil {
		return nil, fs.ErrNotExist
	}
	return o.stat.Lstat(rel)
}

func (o *overlay) List(ctx context.Context, under []string) ([]string, error) {
	return o.base.List(ctx, under)
}

func (o *overlay) Read(rel string, limit int64) ([]byte, error) {
	if b, ok := o.fixed[rel]; ok {
		if limit > 0 && int64(len(b)) > limit {
			return nil, &lint.TooLargeError{Size: int64(len(b)), Limit: limit}
		}
		return b, nil
	}
	return o.base.Read(rel, limit)
}

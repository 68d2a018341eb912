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
}

// statOverlay is an overlay that can also Lstat, so the exchange checks
// see the same artifacts as a plain run of its base (only mailbox files
// are looked up, and those are never fixed).
type statOverlay struct {
	*overlay
	stat connector.FS
}

func (o statOverlay) Lstat(rel string) (fs.FileInfo, error) { return o.stat.Lstat(rel) }

// newOverlay returns the overlay and the Files the engine reads it by:
// one that can Lstat exactly when the base can, or is the work tree.
func newOverlay(base lint.Files) (*overlay, lint.Files) {
	o := &overlay{base: base, fixed: map[string][]byte{}}
	switch b := base.(type) {
	case connector.FS:
		return o, statOverlay{o, b}
	case *lint.DiskFiles:
		return o, statOverlay{o, connector.DirFS(b.Root)}
	}
	return o, o
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

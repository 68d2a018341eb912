package lint

import (
	"context"
	"strings"
	"sync"
)

// Overlay is a Files that answers for some paths with text held in memory
// (an editor's unsaved buffers) and for every other path from Base, so an
// edit is judged with the rest of the repository as context. A buffer
// path is listed when it is named exactly, as a file named on the command
// line is, even when Base has no such file (an unsaved new file, or one
// deleted since it was opened). Safe for concurrent use.
type Overlay struct {
	Base Files

	mu      sync.RWMutex
	buffers map[string][]byte
}

// NewOverlay returns an overlay of buffers (root-relative path → text)
// over base. The map is the overlay's from then on; the caller keeps no
// reference to it.
func NewOverlay(base Files, buffers map[string][]byte) *Overlay {
	if buffers == nil {
		buffers = map[string][]byte{}
	}
	return &Overlay{Base: base, buffers: buffers}
}

// Buffer returns the in-memory text of rel, if it has one.
func (o *Overlay) Buffer(rel string) ([]byte, bool) {
	o.mu.RLock()
	defer o.mu.RUnlock()
	b, ok := o.buffers[rel]
	return b, ok
}

// List implements Files: Base's listing plus the buffers named in under.
func (o *Overlay) List(ctx context.Context, under []string) ([]string, error) {
	paths, err := o.Base.List(ctx, under)
	if err != nil || len(under) == 0 {
		return paths, err
	}
	seen := make(map[string]bool, len(paths))
	for _, p := range paths {
		seen[p] = true
	}
	o.mu.RLock()
	defer o.mu.RUnlock()
	for _, u := range under {
		if _, ok := o.buffers[u]; ok && !strings.HasSuffix(u, "/") && !seen[u] {
			seen[u] = true
			paths = append(paths, u)
		}
	}
	return paths, nil
}

// Read implements Files: a buffer's text under the same size cap as a
// file on disk, else Base's answer.
func (o *Overlay) Read(rel string, limit int64) ([]byte, error) {
	if b, ok := o.Buffer(rel); ok {
		if limit > 0 && int64(len(b)) > limit {
			return nil, &TooLargeError{Size: int64(len(b)), Limit: limit}
		}
		return b, nil
	}
	return o.Base.Read(rel, limit)
}

// diskOf returns the work tree a Files reads, looking through overlays:
// the checks that ask git or the file system beside reading files (the
// git top-level, the state branch, artifact lookups) work on an overlay
// of the work tree as on the work tree itself.
func diskOf(files Files) (*DiskFiles, bool) {
	for {
		switch f := files.(type) {
		case *DiskFiles:
			return f, true
		case *Overlay:
			files = f.Base
		default:
			return nil, false
		}
	}
}
